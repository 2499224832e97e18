import Sharp9Audio
import Sharp9Domain

/// How the playhead moves on from the engine's last report, for a screen that draws it more
/// often than reports reach it (the practice page draws every animation frame; states arrive at
/// most every 25 ms, and a device with large blocks reports less often still).
///
/// From the report's position at ``clockSec``, the playhead advances ``speed`` source seconds per
/// second of device time (a time-stretch: the speed, not the pitch); on reaching the loop's B
/// from before it, it goes on from A (or stays at A, ``holdsAtLoopStart``); it stops at
/// ``endSec``. These are the playback timeline's rules (``PlaybackTimeline``) for the time until
/// the next report, which corrects whatever else happened (a trainer's step, a stop).
public struct PlayheadMotion: Sendable, Equatable, Encodable {
  /// The device time of the report (its frame over the device's rate, in seconds): the page
  /// relates it to its own clock by the states' arrival times.
  public var clockSec: Double
  /// Source seconds per device second.
  public var speed: Double
  /// The loop the playhead wraps in, or nil when none lies ahead (no active loop, or the
  /// playhead at or past B, which plays on to the end).
  public var loop: Region?
  /// Whether the playhead stays at A on reaching B instead of playing on: the last pass asked
  /// for stops there, and a count-in before every pass holds it there.
  public var holdsAtLoopStart: Bool
  /// The end of the track, where playback stops.
  public var endSec: Double

  /// An active loop's points, A before B.
  public struct Region: Sendable, Equatable, Encodable {
    /// Where the playhead goes on reaching B, in source seconds.
    public var aSec: Double
    /// Where it wraps, in source seconds.
    public var bSec: Double
  }

  /// The motion after `report`, given the session's `state`, the device's `rate` and the track's
  /// `durationSec`; nil while the playhead stands still (paused, or a count-in holding it).
  public init?(report: EngineReport, state: State, rate: Double, durationSec: Double) {
    guard report.isPlaying, !report.isCountingIn, rate > 0 else { return nil }
    clockSec = Double(report.frame) / rate
    speed = state.transport.speed
    endSec = durationSec
    loop = PlaybackTimeline.activeLoop(state.loop, durationSec: durationSec)
      .flatMap { report.positionSec < $0.bSec ? Region(aSec: $0.aSec, bSec: $0.bSec) : nil }
    let clicks = Reducer.clickSettings(state)
    let lastPass = state.loopPractice.passLimit.map {
      report.loopPractice.completedPasses + 1 >= $0
    }
    holdsAtLoopStart = lastPass == true || (clicks.countsIn && clicks.countInEveryPass)
  }
}

extension LiveSession {
  /// How the playhead moves on from ``last`` (nil while it stands still).
  public var playheadMotion: PlayheadMotion? {
    PlayheadMotion(
      report: last, state: core.state, rate: rate, durationSec: engine.audio.format.durationSec)
  }
}
