import Crypto
import Foundation

extension AudioSource {
  /// Describes the audio file at `path`: the path as given, with the file's SHA-256 when it is
  /// readable (a relative path is looked up next to `base` — e.g. the script's directory — then in
  /// the working directory). An unreadable file is not an error: scripts travel between machines.
  ///
  /// Frames, sample rate and channels need an audio reader, which the store may not depend on;
  /// callers that have one fill them in.
  public static func describing(path: String, relativeTo base: URL? = nil) -> AudioSource {
    guard let url = locate(path: path, relativeTo: base), let hash = fileSHA256(url) else {
      return AudioSource(path: path)
    }
    return AudioSource(path: path, sha256: hash)
  }

  /// The file `path` names: itself when absolute, else next to `base`, else in the working
  /// directory; `nil` when none of them is a readable file.
  public static func locate(path: String, relativeTo base: URL? = nil) -> URL? {
    let candidates =
      path.hasPrefix("/")
      ? [URL(fileURLWithPath: path)]
      : [base.map { $0.appending(path: path) }, URL(fileURLWithPath: path)].compactMap { $0 }
    return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
  }

  /// Lower-case hex SHA-256 of a file's bytes, read in 1 MiB chunks; `nil` when unreadable.
  public static func fileSHA256(_ url: URL) -> String? {
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
    return hexString(hasher.finalize())
  }
}
