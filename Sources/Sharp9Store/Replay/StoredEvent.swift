import Sharp9Domain

/// One event as stored: its sequence number, time and action.
public struct StoredEvent: Sendable, Equatable {
  /// Gapless per-session sequence number, from 1.
  public var seq: Int64
  /// Seconds since the session started.
  public var t: Double
  /// What happened.
  public var action: Action

  /// Creates an event.
  public init(seq: Int64, t: Double, action: Action) {
    self.seq = seq
    self.t = t
    self.action = action
  }
}
