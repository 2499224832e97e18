/// What one loop got on one day: its passes, and the highest speed it was played at a number of
/// passes in a row (the musician's "three clean times at this speed" measure of progress).
public struct LoopFigures: Sendable, Equatable, Hashable, Codable {
  /// The loop's start, in source seconds.
  public var aSec: Double
  /// The loop's end, in source seconds.
  public var bSec: Double
  /// The saved loop or section it is, when the song has one there (nil: an unnamed A–B).
  public var name: String?
  /// Passes completed that day.
  public var passes: Int
  /// The highest speed at which the loop was played ``PracticeJournal/inARow`` passes in a row
  /// (each of them at that speed or faster), nil when it never was.
  public var bestSpeedInARow: Double?

  /// Creates the figures.
  public init(
    aSec: Double, bSec: Double, name: String? = nil, passes: Int, bestSpeedInARow: Double? = nil
  ) {
    self.aSec = aSec
    self.bSec = bSec
    self.name = name
    self.passes = passes
    self.bestSpeedInARow = bestSpeedInARow
  }
}
