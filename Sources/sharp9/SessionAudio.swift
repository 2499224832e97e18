import Foundation
import Sharp9Store

/// What `import` and `record` store about a session's source audio: the path and the file's
/// SHA-256 (`AudioSource.describing`).
///
/// The one place to add the format (frames, sample rate, channels) once the CLI reads it with
/// `Sharp9Audio`'s file reader; the store itself may not depend on the audio library.
enum SessionAudio {
  /// Describes `path` (relative paths are looked up next to `base`, then in the working directory).
  static func describe(_ path: String, relativeTo base: URL? = nil) -> AudioSource {
    AudioSource.describing(path: path, relativeTo: base)
  }
}
