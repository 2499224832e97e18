import Sharp9Domain

/// One replayed event: what happened, the state after it and the effects it emitted.
public struct ReplayStep: Sendable, Equatable {
  /// The event's sequence number.
  public var seq: Int64
  /// The event's time, in seconds since the session started.
  public var t: Double
  /// The action.
  public var action: Action
  /// The state after the action.
  public var state: State
  /// The effects the reducer emitted for it, in engine order.
  public var effects: [Effect]

  /// Creates a step.
  public init(seq: Int64, t: Double, action: Action, state: State, effects: [Effect]) {
    self.seq = seq
    self.t = t
    self.action = action
    self.state = state
    self.effects = effects
  }
}
