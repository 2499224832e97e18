import Foundation
import Sharp9Audio
import Sharp9Store

/// What `import` and `record` store about a session's source audio: the path, the file's SHA-256
/// and where it was found, and, when libsndfile can read it, its frames, sample rate and channels.
///
/// The store hashes the file but may not depend on the audio library, so the format is filled in
/// here, where both are wired together.
enum SessionAudio {
  /// Describes `path` (relative paths are looked up next to `base`, then in the working directory).
  static func describe(_ path: String, relativeTo base: URL? = nil) -> AudioSource {
    guard let url = AudioSource.locate(path: path, relativeTo: base),
      let hash = AudioSource.fileSHA256(url)
    else { return AudioSource(path: path) }
    var source = AudioSource(path: path, sha256: hash, locatedPath: url.standardizedFileURL.path)
    if let reader = try? AudioFileReader(url: url) {
      source.frames = reader.format.frames
      source.sampleRate = Int64(reader.format.sampleRate)
      source.channels = Int64(reader.format.channels)
    }
    return source
  }
}
