/// Plays a session's events into a ``VirtualClockEngine``: for each event, move the clock to its
/// time `t`, compare a recorded `tick` with the model, then perform its effects in order. This is
/// the one replay loop behind `sharp9 timeline` and `sharp9 render`.
public struct SessionPlayback<Engine: VirtualClockEngine> {
  /// The engine being driven.
  public let engine: Engine
  /// How the recorded `tick` positions compare with the model so far.
  public private(set) var drift = TickDriftReport()

  /// Creates a playback driving `engine` from its current clock.
  public init(engine: Engine) {
    self.engine = engine
  }

  /// Advances to the event's time, checks its tick, performs its effects.
  public mutating func handle(_ event: PlaybackEvent) throws {
    try engine.advance(toWallSec: event.t)
    if case .tick(let recordedSec) = event.action {
      drift.record(
        sequence: event.sequence, t: event.t, recordedSec: recordedSec,
        modelSec: engine.currentTimeSec)
    }
    for effect in event.effects {
      try engine.perform(effect)
    }
  }

  /// Advances to the session's end (`wallSec`), covering whatever played after the last event.
  public mutating func finish(atWallSec wallSec: Double) throws {
    try engine.advance(toWallSec: wallSec)
  }
}
