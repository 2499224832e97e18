import Foundation

/// Where and how replays of a session disagree (see ``ReplayConsistency``): which check failed,
/// after which event, and the fields that differ (front ends word it).
public struct ReplayProblem: Sendable, Equatable {
  /// Which check of ``ReplayConsistency`` failed.
  public enum Check: Sendable, Equatable {
    /// 1: two folds of the same actions differ (in state or effects) after the event.
    case replaysDiffer
    /// 2: the state after the event does not survive the snapshot encoding unchanged.
    case snapshotDoesNotRestore
    /// 3: the stored session's state at the event, resumed from its nearest snapshot, differs
    /// from a replay from scratch.
    case storedStateDiffers
  }

  /// The check that failed.
  public var check: Check
  /// The event (1-based sequence number) after which the states differ.
  public var seq: Int64
  /// Every field that differs, expected (before) → actual (after). Empty when the states encode
  /// to equal JSON, so the difference is one JSON cannot show (a NaN) or is in the effects.
  public var changes: [FieldChange]

  /// A problem found by `check` after event `seq`, with the changes given.
  public init(_ check: Check, at seq: Int64, changes: [FieldChange]) {
    self.check = check
    self.seq = seq
    self.changes = changes
  }

  /// A problem found by `check` after event `seq`: the fields that differ from `expected` to
  /// `actual`.
  public init(_ check: Check, at seq: Int64, expected: State, actual: State) {
    self.init(
      check, at: seq, changes: (try? StateDiff.changes(from: expected, to: actual)) ?? [])
  }
}
