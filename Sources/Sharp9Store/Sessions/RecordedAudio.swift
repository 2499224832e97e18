/// The audio file a session was practiced on, as recorded with the session so a later replay or
/// render can find it and check that it is the same file.
public struct RecordedAudio: Sendable, Equatable, Hashable {
  /// The path as given when the session was created.
  public var path: String
  /// Lower-case hex SHA-256 of the file's bytes, when the file was readable.
  public var sha256: String?
  /// Length in sample frames, when known.
  public var frames: Int64?
  /// Sample rate in Hz, when known.
  public var sampleRate: Int64?
  /// Channel count, when known.
  public var channels: Int64?
  /// The absolute path the file was found at when the session was created, when it was found.
  /// ``path`` stays as given (a script's relative path round-trips through export); this is where
  /// later commands, run from another directory, look when ``path`` does not lead to the file.
  public var locatedPath: String?

  /// Creates a description of a source file.
  public init(
    path: String, sha256: String? = nil, frames: Int64? = nil, sampleRate: Int64? = nil,
    channels: Int64? = nil, locatedPath: String? = nil
  ) {
    self.path = path
    self.sha256 = sha256
    self.frames = frames
    self.sampleRate = sampleRate
    self.channels = channels
    self.locatedPath = locatedPath
  }
}
