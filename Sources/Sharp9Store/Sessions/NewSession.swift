import Foundation
import Sharp9Domain

/// What a new session is created with.
public struct NewSession: Sendable, Equatable {
  /// A free-text title (the script's file name, or what the user passed with `--title`).
  public var title: String
  /// The session's time zero; every event's `now` is this plus its `t`. Stored rounded to the
  /// millisecond (see ``UnixMilliseconds``).
  public var startedAt: Date
  /// The source audio, if any.
  public var audio: RecordedAudio?
  /// The sharp9 version that records the session.
  public var sharp9Version: String
  /// The reducer rules that produce its states (defaults to the current ``Reducer/version``).
  public var reducerVersion: String
  /// The device it was uploaded from (a device token's name), nil for a session made here.
  public var device: String?

  /// Creates the description of a new session.
  public init(
    title: String, startedAt: Date, audio: RecordedAudio? = nil, sharp9Version: String,
    reducerVersion: String = Reducer.version, device: String? = nil
  ) {
    self.device = device
    self.title = title
    self.startedAt = startedAt
    self.audio = audio
    self.sharp9Version = sharp9Version
    self.reducerVersion = reducerVersion
  }
}
