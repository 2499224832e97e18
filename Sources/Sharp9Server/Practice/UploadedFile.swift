import Foundation
import Hummingbird
import Sharp9App

/// An upload written to a file as it arrives, hashed on the way: a 10-minute WAV (106 MB) is
/// neither held in memory whole nor read again to be named in the song library.
struct UploadedFile {
  /// Bytes received (stops counting just past the limit).
  var bytes: Int
  /// Their SHA-256, lower-case hex (meaningless past the limit).
  var sha256: String

  /// Writes `body` to `file` (created, or emptied), stopping as soon as it passes `maxBytes`:
  /// the caller refuses the upload then, and removes the file.
  static func receive(_ body: RequestBody, into file: URL, maxBytes: Int) async throws -> Self {
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    var hash = ContentHash()
    var bytes = 0
    for try await buffer in body {
      bytes += buffer.readableBytes
      guard bytes <= maxBytes else { break }
      try buffer.withUnsafeReadableBytes { raw in
        hash.update(raw)
        try handle.write(contentsOf: raw)
      }
    }
    return UploadedFile(bytes: bytes, sha256: hash.hex())
  }
}
