import Foundation

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appending(path: "sharp9-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `text` to `name` inside the directory and returns the file's path.
  @discardableResult
  func file(_ name: String, _ text: String) throws -> String {
    let file = url.appending(path: name)
    try Data(text.utf8).write(to: file)
    return file.path
  }
}
