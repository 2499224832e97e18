import Sharp9Domain
import Sharp9Store

/// What one ``AppCore/send(_:at:)`` recorded and what went wrong on the way to the engine.
public struct SentAction {
  /// The events recorded, in order: the action sent, then each action the engine reported
  /// because of it (a load's result), with the state after each and its effects.
  public var events: [ReplayStep]
  /// The effects the engine or the peak computer could not perform; the events stay recorded.
  public var failures: [EffectRunner.Failure]

  /// The effects of every recorded event, in order.
  public var effects: [Effect] { events.flatMap(\.effects) }
}
