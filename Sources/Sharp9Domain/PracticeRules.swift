import Foundation

/// The numeric rules of practice: ranges, grids and timings the reducer enforces and the
/// invariants check.
public enum PracticeRules {
  /// Slowest and fastest playback speed.
  public static let speedRange: ClosedRange<Double> = 0.25...2.0
  /// Speed buttons step by this much, and speed is always a whole number of steps.
  public static let speedStep = 0.05
  /// Lowest and highest transposition in semitones.
  public static let pitchRange: ClosedRange<Double> = -12...12
  /// Pitch is kept on a grid of hundredths of a semitone (cents): fine enough for any tuning
  /// tweak, coarse enough that repeated deltas never drift.
  public static let pitchStep = 0.01
  /// The practice pad's speed button cycles through these; any other speed goes to the first.
  public static let speedCycle: [Double] = [1.0, 1.25, 1.5, 1.75, 2.0, 0.75, 0.5]
  /// A second `markNow` less than this many seconds after the last accepted one is ignored
  /// (a double tap on the pad must not drop two markers).
  public static let markNowDebounce: TimeInterval = 0.150
  /// How far the practice pad's skip buttons jump, in seconds.
  public static let skipSeconds = 5.0

  /// `value` rounded to the nearest speed step and clamped to ``speedRange``.
  ///
  /// Rounding as `(x * 20).rounded() / 20` yields exactly the `Double` nearest to each grid value
  /// (`0.75`, not `0.7500000001`), however many steps led there.
  public static func snapSpeed(_ value: Double) -> Double {
    clamp(snap(value, stepsPerUnit: 20), to: speedRange)
  }

  /// `value` rounded to the nearest hundredth of a semitone and clamped to ``pitchRange``.
  public static func snapPitch(_ value: Double) -> Double {
    clamp(snap(value, stepsPerUnit: 100), to: pitchRange)
  }

  /// Whether `value` is a speed ``snapSpeed(_:)`` can produce.
  public static func isOnSpeedGrid(_ value: Double) -> Bool { snapSpeed(value) == value }

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
