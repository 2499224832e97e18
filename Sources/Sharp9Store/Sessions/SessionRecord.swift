import Foundation

/// A stored session: its metadata and its head (event count and last `t`). The same value on
/// every backend: how a backend keys its rows stays inside it.
public struct SessionRecord: Sendable, Equatable, Hashable, Identifiable {
  /// The session's id (printed lower-case; commands accept a unique prefix).
  public var id: UUID
  /// The title.
  public var title: String
  /// When the row was created (wall clock).
  public var createdAt: UnixMilliseconds
  /// The session's time zero (wall clock).
  public var startedAt: UnixMilliseconds
  /// When recording ended, if it did.
  public var endedAt: UnixMilliseconds?
  /// The source audio, if any.
  public var audio: RecordedAudio?
  /// The sharp9 version that recorded it.
  public var sharp9Version: String
  /// The reducer version that recorded it; replays use the current reducer and report a mismatch.
  public var reducerVersion: String
  /// Number of events, which is also the sequence number of the last one.
  public var eventCount: Int64
  /// `t` of the last event (0 when empty): the session's duration in seconds.
  public var lastT: Double

  /// Creates a session record (backends read theirs from storage; tests and other backends'
  /// importers build them).
  public init(
    id: UUID, title: String, createdAt: UnixMilliseconds, startedAt: UnixMilliseconds,
    endedAt: UnixMilliseconds?, audio: RecordedAudio?, sharp9Version: String,
    reducerVersion: String, eventCount: Int64, lastT: Double
  ) {
    self.id = id
    self.title = title
    self.createdAt = createdAt
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.audio = audio
    self.sharp9Version = sharp9Version
    self.reducerVersion = reducerVersion
    self.eventCount = eventCount
    self.lastT = lastT
  }

  /// The lower-case id text used in the database and in output.
  public var idString: String { id.uuidString.lowercased() }
}
