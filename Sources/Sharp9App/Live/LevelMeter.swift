import Foundation

/// One channel's meter: a peak level that falls back 24 dB/s (a peak programme meter's return,
/// so a redraw between two blocks never reads silence), a peak hold that decays 1.5 dB/s, and a
/// clip light that comes on when the signal stays at or above −1 dBFS for 100 ms (a single hot
/// sample is not a clip anyone hears) and stays on for 2 s.
public struct LevelMeter: Sendable {
  /// The hold's decay.
  public static let holdDecayDBPerSec = 1.5
  /// The clip threshold and how long the signal must stay above it.
  public static let clipDB = -1.0
  /// How long the signal must stay at or above ``clipDB`` to light the clip.
  public static let clipSec = 0.1
  /// How long the clip light stays on.
  public static let clipShownSec = 2.0
  /// How fast the level falls back.
  public static let levelFallDBPerSec = 24.0
  /// The floor of the scale.
  public static let floorDB = -60.0

  /// The level, in dBFS.
  public private(set) var levelDB = floorDB
  /// The held peak, in dBFS.
  public private(set) var holdDB = floorDB
  private var hotSec = 0.0
  private var clipUntilSec = -1.0

  /// A meter at the floor.
  public init() {}

  /// Adds one engine block's peak (linear), `durationSec` long, ending at `nowSec` (device time).
  public mutating func add(peak: Float, durationSec: Double, nowSec: Double) {
    let db = Self.decibels(peak)
    levelDB = max(db, levelDB - Self.levelFallDBPerSec * durationSec)
    holdDB = max(db, holdDB - Self.holdDecayDBPerSec * durationSec)
    hotSec = db >= Self.clipDB ? hotSec + durationSec : 0
    // Block lengths summed in floating point fall short by an ulp (ten 10 ms blocks make
    // 0.09999…), so 100 ms is reached within a microsecond.
    if hotSec >= Self.clipSec - 1e-6 { clipUntilSec = nowSec + Self.clipShownSec }
  }

  /// Whether the clip light is on at `nowSec`.
  public func isClipping(atSec nowSec: Double) -> Bool { nowSec < clipUntilSec }

  /// A linear peak in dBFS, never below ``floorDB``.
  public static func decibels(_ peak: Float) -> Double {
    peak > 0 ? max(floorDB, 20 * log10(Double(peak))) : floorDB
  }
}
