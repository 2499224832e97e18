import Foundation
import Sharp9Audio

/// Finding an audio file a session names and fingerprinting it: the one place that decides where
/// a path leads and whether a file is the one recorded.
public enum AudioFileLocator {
  /// The file `path` names: itself when absolute, else next to `base`, else in the working
  /// directory; `nil` when nothing exists at any of them. A missing file is not an error for
  /// callers that record it: scripts travel between machines. What is found may still be a
  /// directory or a device: it is opened only through ``sha256(of:)`` or ``AudioFileReader``,
  /// which refuse those.
  public static func locate(path: String, relativeTo base: URL? = nil) -> URL? {
    let candidates =
      path.hasPrefix("/")
      ? [URL(fileURLWithPath: path)]
      : [base.map { $0.appending(path: path) }, URL(fileURLWithPath: path)].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// Lower-case hex SHA-256 of a file's bytes, read in 1 MiB chunks; `nil` when it cannot be read
  /// (permissions, an I/O error).
  ///
  /// - Throws: ``AudioFileError`` `.notFound` or `.notAFile` when `url` is not a regular file (a
  ///   FIFO or `/dev/zero` would never end).
  public static func sha256(of url: URL) throws(AudioFileError) -> String? {
    let handle: FileHandle
    do {
      handle = try AudioFilePath.openRegularFile(url)
    } catch let error where error.kind == .unreadable {
      return nil
    }
    defer { try? handle.close() }
    var hash = ContentHash()
    do {
      while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        hash.update(data: chunk)
      }
    } catch {
      return nil
    }
    return hash.hex()
  }
}
