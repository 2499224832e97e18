import Foundation
import Testing

@testable import Sharp9Server

/// The embedded pages are the files of `Sources/Sharp9Server/Assets/` (run
/// `scripts/embed-assets.sh` after changing one).
@Suite struct EmbeddedAssetsTests {
  @Test func theEmbeddedAssetsAreTheFiles() throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Sources/Sharp9Server/Assets").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == EmbeddedAssets.files.keys.sorted(), "run scripts/embed-assets.sh")
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: directory.appending(path: name)))
      #expect(
        EmbeddedAssets.files[name]?.bytes == bytes, "\(name) changed: run scripts/embed-assets.sh")
    }
  }
}
