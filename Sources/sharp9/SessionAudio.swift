import Foundation
import Sharp9Audio
import Sharp9Store

/// What `import` and `record` store about a session's source audio: the path, the file's SHA-256
/// and, when libsndfile can read it, its frames, sample rate and channels.
///
/// The store hashes the file but may not depend on the audio library, so the format is filled in
/// here, where both are wired together.
enum SessionAudio {
  /// Describes `path` (relative paths are looked up next to `base`, then in the working directory).
  static func describe(_ path: String, relativeTo base: URL? = nil) -> AudioSource {
    var source = AudioSource.describing(path: path, relativeTo: base)
    guard source.sha256 != nil, let url = AudioSource.locate(path: path, relativeTo: base),
      let reader = try? AudioFileReader(url: url)
    else { return source }
    source.frames = reader.format.frames
    source.sampleRate = Int64(reader.format.sampleRate)
    source.channels = Int64(reader.format.channels)
    return source
  }
}
