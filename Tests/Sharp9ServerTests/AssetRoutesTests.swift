import Foundation
import Testing

@testable import Sharp9Server

/// The server serves exactly the files of `Sources/Sharp9Server/Assets/`, each with its bytes
/// (SwiftPM embeds them) and a content type: a page added there without its line in
/// ``AssetRoutes/served`` fails here instead of as a missing script in the browser.
@Suite struct AssetRoutesTests {
  @Test func everyAssetIsServedWithItsBytes() throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Sources/Sharp9Server/Assets").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == AssetRoutes.served.keys.sorted())
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: directory.appending(path: name)))
      #expect(AssetRoutes.served[name]?.bytes == bytes, "\(name)")
    }
  }
}
