/// An A–B loop the musician saved under a name, to recall it later ("bridge", "solo bar 5").
public struct SavedLoop: Sendable, Equatable, Hashable, Codable {
  /// The name, unique among the saved loops, ``PracticeRules/loopNameLength`` characters long.
  public var name: String
  /// Where the loop starts, in source seconds.
  public var aSec: Double
  /// Where the loop ends (after ``aSec``).
  public var bSec: Double

  /// Creates a saved loop.
  public init(name: String, aSec: Double, bSec: Double) {
    self.name = name
    self.aSec = aSec
    self.bSec = bSec
  }
}
