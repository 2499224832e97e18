import Foundation
import Sharp9Domain
import Sharp9Store

/// Playing a recorded session back on a virtual clock: its events replayed through the current
/// reducer into a ``VirtualClockEngine`` (the timeline, the offline renderer), the wiring shared
/// by `sharp9 timeline` and `sharp9 render`.
public enum RecordedPlayback {
  /// Where a session ends on the wall clock: its last event, or when recording ended if later.
  public static func endSec(of session: SessionRecord) -> Double {
    let ended = session.endedAt.map { Double($0.value - session.startedAt.value) / 1000 } ?? 0
    return max(session.lastT, ended)
  }

  /// Replays `session` through the current reducer into `engine`, up to `endSec`, calling
  /// `progress` with the fraction of wall time done; returns how recorded ticks compared.
  public static func play(
    _ session: SessionRecord, from store: any EventLog, into engine: some VirtualClockEngine,
    endSec: Double, progress: (Double) -> Void = { _ in }
  ) throws -> TickDriftReport {
    var playback = SessionPlayback(engine: engine)
    let replay = try store.replay(session)
    while let step = try replay.next() {
      guard step.t <= endSec else { break }
      try playback.handle(
        PlaybackEvent(sequence: step.seq, t: step.t, action: step.action, effects: step.effects))
      progress(endSec > 0 ? step.t / endSec : 1)
    }
    try playback.finish(atWallSec: endSec)
    progress(1)
    return playback.drift
  }
}
