import Foundation

/// The numeric rules of practice, each stated once: ranges, grids and timings that the reducer
/// enforces, the invariants check, the playback timeline and the stretcher clamp to, and the
/// front ends' buttons and messages use.
public enum PracticeRules {
  /// Slowest and fastest playback speed: below a quarter the material no longer sounds like
  /// music, and a practice tool never needs more than double.
  public static let speedRange: ClosedRange<Double> = 0.25...2.0
  /// Speed is always a whole number of these steps (1 %): the fine speed buttons' step, and the
  /// precision of a typed speed.
  public static let speedStep = 0.01
  /// The speed buttons' step.
  public static let speedButtonStep = 0.05
  /// Lowest and highest transposition in semitones: an octave either way covers every
  /// instrument's needs.
  public static let pitchRange: ClosedRange<Double> = -12...12
  /// Pitch is kept on a grid of hundredths of a semitone (cents): fine enough for any tuning
  /// tweak, coarse enough that repeated deltas never drift. The fine-tuning buttons step by one.
  public static let pitchStep = 0.01
  /// The pitch buttons' step, in semitones.
  public static let pitchButtonStep = 1.0
  /// The nudge buttons move A or B by this many seconds.
  public static let nudgeSeconds = 0.010
  /// The practice pad's speed button cycles through these; any other speed goes to the first.
  public static let speedCycle: [Double] = [1.0, 1.25, 1.5, 1.75, 2.0, 0.75, 0.5]
  /// A second `markNow` less than this many seconds after the last accepted one is ignored
  /// (a double tap on the pad must not drop two markers).
  public static let markNowDebounce: TimeInterval = 0.150
  /// How far the practice pad's skip buttons jump, in seconds (what a front end sends as
  /// `skip(seconds:)`).
  public static let skipSeconds = 5.0
  /// How long a toast stays up, measured from the time of the action that raised it.
  public static let toastLifetime: TimeInterval = 2.0
  /// How many edits can be undone; older ones are forgotten.
  public static let undoDepth = 100
  /// How long the name of a saved loop or a section may be, in characters (after trimming
  /// spaces).
  public static let loopNameLength = 1...100
  /// Whether `name` is a saved loop's or a section's name as stored: already trimmed, and
  /// ``loopNameLength`` characters long.
  public static func isAllowedName(_ name: String) -> Bool {
    loopNameLength.contains(name.count)
      && name == name.trimmingCharacters(in: .whitespacesAndNewlines)
  }
  /// How many loops can be saved: more than any song has sections, few enough to list.
  public static let savedLoopLimit = 100
  /// How many sections (named markers) a song can have: more than any song has parts.
  public static let sectionLimit = 100
  /// How many markers a new session takes over from the song's last one: more than any practice
  /// places, few enough that the one event carrying them stays small.
  public static let restoredMarkerLimit = 1000
  /// "Loop N passes then stop": how many passes a musician can ask for.
  public static let loopPassLimitRange = 1...99
  /// The loop-pass button cycles through these limits, then back to looping until stopped.
  public static let loopPassCycle = [1, 2, 4, 8]
  /// The speed trainer steps every this many passes.
  public static let trainerPassesRange = 1...99
  /// The largest speed trainer step (either way): a quarter of normal speed per step is already
  /// a jump no practice plan asks for.
  public static let trainerStepLimit = 0.25

  /// A take's loop pass number is at most this (a pass counter that ran away is damage): a
  /// day of four-second passes.
  public static let takePassLimit = 100_000
  /// How long an input's name in a take may be, in characters (PortAudio's names are short).
  public static let takeInputNameLength = 1...200
  /// A take's round trip compensation is at most this many frames (10 s at 48 kHz; a device
  /// pair's round trip is milliseconds, so more is damage).
  public static let takeLatencyFrameLimit: Int64 = 480_000
  /// A take keeps at most this many changes of speed or pitch made while it was recorded (a
  /// musician presses a key a few times a pass; a take that had more keeps the first ones and
  /// drifts after them).
  public static let takePlayedAtChangeLimit = 256

  /// Tempi a musician may type or tap, in BPM: below 20 a beat is no longer felt as one, above
  /// 300 the clicks would blur into a buzz at double speed.
  public static let tempoRange: ClosedRange<Double> = 20...300
  /// Tap tempo keeps this many taps (the tempo is their average interval).
  public static let tapCount = 8
  /// Tap tempo needs this many taps before it sets a tempo.
  public static let tapsForTempo = 4
  /// A tap more than this many seconds after the previous one starts a new count (slower than
  /// the slowest tempo: a pause, not a beat).
  public static let tapGapSec = 3.0
  /// The furthest a grid shift may move the grid, in seconds either way (more than a bar at any
  /// tempo in ``tempoRange`` but 20 BPM; a bigger mistake is a tempo to type again).
  public static let gridShiftLimitSec = 2.0
  /// The grid shift buttons' step, in seconds.
  public static let gridShiftStep = 0.010
  /// Beats of a grid from outside must be at least this far apart (600 BPM: twice the fastest
  /// tempo), which also bounds how many beats a track's grid can hold.
  public static let minimumBeatGapSec = 0.1
  /// The most beats a grid holds: over an hour at the fastest tempo, and a bound on the memory a
  /// grid from outside (or a tempo on a huge track) may take.
  public static let maximumBeats = 20_000
  /// Count-ins from none to four bars of 4/4.
  public static let countInBeatsRange = 0...16
  /// The clicks' level (a gain on a full-scale click).
  public static let clickLevelRange: ClosedRange<Double> = 0...1
  /// The click level buttons' step.
  public static let clickLevelStep = 0.1

  /// `value` rounded to the nearest speed step and clamped to ``speedRange``.
  ///
  /// Rounding as `(x * 100).rounded() / 100` (100 steps per unit) yields exactly the `Double`
  /// nearest to each grid value (`0.75`, not `0.7500000001`), however many steps led there.
  public static func snapSpeed(_ value: Double) -> Double {
    clamp(snap(value, stepsPerUnit: (1 / speedStep).rounded()), to: speedRange)
  }

  /// `value` rounded to the nearest ``pitchStep`` and clamped to ``pitchRange``.
  public static func snapPitch(_ value: Double) -> Double {
    clamp(snap(value, stepsPerUnit: (1 / pitchStep).rounded()), to: pitchRange)
  }

  /// Whether `value` is a speed ``snapSpeed(_:)`` can produce.
  public static func isOnSpeedGrid(_ value: Double) -> Bool { snapSpeed(value) == value }

  /// Whether `value` is a whole number of speed steps (any sign or size: a speed change).
  public static func isWholeSpeedSteps(_ value: Double) -> Bool {
    value.isFinite && snap(value, stepsPerUnit: (1 / speedStep).rounded()) == value
  }

  /// Whether `value` is a pitch ``snapPitch(_:)`` can produce.
  public static func isOnPitchGrid(_ value: Double) -> Bool { snapPitch(value) == value }

  /// `value` rounded to a multiple of `1 / stepsPerUnit`, with `-0` normalised to `0`.
  private static func snap(_ value: Double, stepsPerUnit: Double) -> Double {
    (value * stepsPerUnit).rounded() / stepsPerUnit + 0
  }

  private static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
    min(max(value, range.lowerBound), range.upperBound)
  }
}
