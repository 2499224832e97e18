/// The audio file a session was practiced on, as recorded with the session so a later replay or
/// render can find it and check that it is the same file.
public struct AudioSource: Sendable, Equatable, Hashable {
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

  /// Creates a description of a source file.
  public init(
    path: String, sha256: String? = nil, frames: Int64? = nil, sampleRate: Int64? = nil,
    channels: Int64? = nil
  ) {
    self.path = path
    self.sha256 = sha256
    self.frames = frames
    self.sampleRate = sampleRate
    self.channels = channels
  }
}
