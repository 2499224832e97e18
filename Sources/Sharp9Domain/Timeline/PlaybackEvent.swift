/// One recorded event as playback needs it: when it happened, what it was, and the effects the
/// reducer emitted for it (a replay stream item, minus the state).
public struct PlaybackEvent: Sendable, Equatable {
  /// The event's sequence number in its session.
  public var sequence: Int64
  /// Seconds since the session started.
  public var t: Double
  /// What happened.
  public var action: Action
  /// What the engine was asked to do, in order.
  public var effects: [Effect]

  /// Creates an event.
  public init(sequence: Int64, t: Double, action: Action, effects: [Effect]) {
    self.sequence = sequence
    self.t = t
    self.action = action
    self.effects = effects
  }
}
