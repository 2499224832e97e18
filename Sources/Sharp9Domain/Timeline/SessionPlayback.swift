import Foundation

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

  /// Whether an effect has loaded a track since the last `importSucceeded`.
  private var loadedSinceLastSuccess = false

  /// Advances to the event's time, checks its tick, performs its effects.
  ///
  /// An `importSucceeded` that no `engineLoad` came before (a script that starts with it) loads
  /// the track here: the reducer shows that track, at 0 and paused, from this event on, and the
  /// timeline must agree, or a render would be silence while the state says it plays.
  public mutating func handle(_ event: PlaybackEvent) throws {
    try engine.advance(toWallSec: event.t)
    if case .tick(let recordedSec) = event.action {
      drift.record(
        sequence: event.sequence, t: event.t, recordedSec: recordedSec,
        modelSec: engine.currentTimeSec)
    }
    if case .importSucceeded(let track) = event.action, !loadedSinceLastSuccess {
      _ = try engine.load(url: URL(fileURLWithPath: track.name))
    }
    for effect in event.effects {
      if case .engineLoad = effect { loadedSinceLastSuccess = true }
      try engine.perform(effect)
    }
    if case .importSucceeded = event.action { loadedSinceLastSuccess = false }
  }

  /// Advances to the session's end (`wallSec`), covering whatever played after the last event.
  public mutating func finish(atWallSec wallSec: Double) throws {
    try engine.advance(toWallSec: wallSec)
  }
}
