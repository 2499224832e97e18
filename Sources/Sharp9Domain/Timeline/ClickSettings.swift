/// The clicks as the engine needs them: plain numbers (nothing to allocate or release on the
/// audio thread), computed by the reducer from ``Clicks`` and the grid's tempo.
///
/// The metronome's beat times travel separately (``Effect/engineSetBeatGrid(_:)``); the
/// count-in needs only the tempo.
public struct ClickSettings: Sendable, Equatable, Hashable, BitwiseCopyable {
  /// Gain of the metronome's clicks on the grid's beats; 0 when the metronome is off.
  public var metronomeLevel: Double
  /// Gain of the count-in's clicks.
  public var countInLevel: Double
  /// Beats counted in before playback starts (0: none).
  public var countInBeats: Int
  /// Whether the count-in also comes before every pass of the loop.
  public var countInEveryPass: Bool
  /// Source seconds per beat of the count-in (60 / the grid's tempo); 0 when the grid has no
  /// tempo, and then there is no count-in.
  public var beatSec: Double

  /// Creates settings; the default clicks nothing.
  public init(
    metronomeLevel: Double = 0, countInLevel: Double = 0, countInBeats: Int = 0,
    countInEveryPass: Bool = false, beatSec: Double = 0
  ) {
    self.metronomeLevel = metronomeLevel
    self.countInLevel = countInLevel
    self.countInBeats = countInBeats
    self.countInEveryPass = countInEveryPass
    self.beatSec = beatSec
  }

  /// Whether a count-in happens at all.
  public var countsIn: Bool { countInBeats > 0 && beatSec > 0 }
}
