/// A count-in in progress: `beats` clicks, the first at `startWallSec`, one every `beatWallSec`
/// of wall time, while the playhead holds. It ends one beat after the last click, where
/// playback starts.
public struct CountInSpan: Sendable, Equatable, Hashable, Codable, BitwiseCopyable {
  /// Wall time of the first click.
  public var startWallSec: Double
  /// Wall seconds between clicks: a beat of the grid's tempo at the speed when it began.
  public var beatWallSec: Double
  /// How many clicks.
  public var beats: Int

  /// Creates a span.
  public init(startWallSec: Double, beatWallSec: Double, beats: Int) {
    self.startWallSec = startWallSec
    self.beatWallSec = beatWallSec
    self.beats = beats
  }

  /// Wall time where the count-in ends and playback starts.
  public var endWallSec: Double { startWallSec + Double(beats) * beatWallSec }

  /// Wall time of click `index` (0-based).
  public func clickWallSec(_ index: Int) -> Double { startWallSec + Double(index) * beatWallSec }
}
