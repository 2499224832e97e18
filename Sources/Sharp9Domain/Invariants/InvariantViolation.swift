/// One broken rule of a ``State``: which rule, and the offending values in words.
public struct InvariantViolation: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The rules ``Invariants`` checks, named for what must hold.
  public enum Rule: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// Every number in the state is finite.
    case finiteNumbers
    /// The playhead is within `[0, duration]` (at 0 with no track).
    case timeWithinTrack
    /// Loop points and markers are within `[0, duration]` (none with no track).
    case pointsWithinTrack
    /// A is not after B when both are set.
    case aNotAfterB
    /// The loop is enabled only when both A and B are set.
    case loopNeedsAAndB
    /// Speed is within its range and on its grid.
    case speedInRangeOnGrid
    /// Pitch is within its range and on its grid.
    case pitchInRangeOnGrid
    /// No two markers share an id.
    case uniqueMarkerIDs
    /// The undo and redo stacks hold at most the undo depth together.
    case undoDepthWithinBound
  }

  /// The rule that does not hold.
  public var rule: Rule
  /// The values that break it, e.g. `aSec 4.5 > bSec 2`.
  public var detail: String

  /// Creates a violation.
  public init(rule: Rule, detail: String) {
    self.rule = rule
    self.detail = detail
  }

  /// `aNotAfterB: aSec 4.5 > bSec 2`.
  public var description: String { "\(rule.rawValue): \(detail)" }
}
