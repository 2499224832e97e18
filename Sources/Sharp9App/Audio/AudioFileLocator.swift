import Crypto
import Foundation

/// Finding an audio file a session names and fingerprinting it: the one place that decides where
/// a path leads and whether a file is the one recorded.
public enum AudioFileLocator {
  /// The file `path` names: itself when absolute, else next to `base`, else in the working
  /// directory; `nil` when none of them is a readable file. A missing file is not an error for
  /// callers that record it: scripts travel between machines.
  public static func locate(path: String, relativeTo base: URL? = nil) -> URL? {
    let candidates =
      path.hasPrefix("/")
      ? [URL(fileURLWithPath: path)]
      : [base.map { $0.appending(path: path) }, URL(fileURLWithPath: path)].compactMap { $0 }
    return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
  }

  /// Lower-case hex SHA-256 of a file's bytes, read in 1 MiB chunks; `nil` when unreadable.
  public static func sha256(of url: URL) -> String? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    var hasher = SHA256()
    do {
      while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        hasher.update(data: chunk)
      }
    } catch {
      return nil
    }
    return hasher.finalize().map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }
}
