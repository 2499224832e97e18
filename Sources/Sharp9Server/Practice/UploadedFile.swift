import Foundation
import Hummingbird
import Sharp9App
import Sharp9Audio

/// An upload written to a file as it arrives, hashed on the way: a 10-minute WAV (106 MB) is
/// neither held in memory whole nor read again to be named in the song library.
struct UploadedFile {
  /// Bytes received (stops counting just past the limit).
  var bytes: Int
  /// Their SHA-256, lower-case hex (meaningless past the limit).
  var sha256: String

  /// Writes `body` to `file` (created, or emptied), stopping as soon as it passes `maxBytes`:
  /// the caller refuses the upload then, and removes the file. Each write is told to `growing`
  /// (a decoder reading the file as it arrives: ``DecodeWhileArriving``), and its end, however
  /// it ends.
  static func receive(
    _ body: RequestBody, into file: URL, maxBytes: Int, growing: GrowingFile? = nil
  ) async throws -> Self {
    defer { growing?.end() }
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
        growing?.wrote(raw.count)
      }
    }
    return UploadedFile(bytes: bytes, sha256: hash.hex())
  }
}
