import Foundation
import Sharp9Audio
import Sharp9Store

extension RecordedAudio {
  /// What `import` and `record` store about a session's source audio at `path` (relative paths
  /// are looked up next to `base`, then in the working directory): the path as given, the file's
  /// SHA-256 and where it was found, and, when libsndfile can read it, its frames, sample rate
  /// and channels. A file that cannot be found is recorded by its path alone.
  ///
  /// - Throws: ``AudioFileError`` `.notAFile` when the path names a directory, a device or a FIFO:
  ///   those are refused, never read.
  ///
  /// The store records the description but may not depend on the audio library, so it is made
  /// here, where both meet.
  ///
  /// `sha256`: the bytes' hash when it is already known (computed as an upload arrived), so a
  /// long song is not read twice.
  public static func describing(
    _ path: String, relativeTo base: URL? = nil, sha256 known: String? = nil
  ) throws(AudioFileError) -> RecordedAudio {
    guard let url = AudioFileLocator.locate(path: path, relativeTo: base) else {
      return RecordedAudio(path: path)
    }
    let found = if let known { known } else { try AudioFileLocator.sha256(of: url) }
    guard let hash = found else { return RecordedAudio(path: path) }
    var audio = RecordedAudio(path: path, sha256: hash, locatedPath: url.standardizedFileURL.path)
    if let reader = try? AudioFileReader(url: url) {
      audio.frames = reader.format.frames
      audio.sampleRate = Int64(reader.format.sampleRate)
      audio.channels = Int64(reader.format.channels)
    }
    return audio
  }
}
