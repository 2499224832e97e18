import Sharp9Store

/// What an ``AppCore`` creates a new session with; its start time and id come from the core's
/// dependencies.
public struct NewSessionInfo: Sendable, Equatable {
  /// A free-text title.
  public var title: String
  /// The source audio, if any (see ``Sharp9Store/RecordedAudio/describing(_:relativeTo:)``).
  public var audio: RecordedAudio?
  /// The sharp9 version that records the session.
  public var sharp9Version: String

  /// Describes a new session.
  public init(title: String, audio: RecordedAudio? = nil, sharp9Version: String) {
    self.title = title
    self.audio = audio
    self.sharp9Version = sharp9Version
  }
}
