import Sharp9Domain

/// The words for where replays of a session disagree (`sharp9 fuzz`): one line naming the check,
/// the event and up to three of the fields that differ.
public enum ReplayProblemText {
  /// `two replays differ after event 7: markers[…]: (absent) → {…}`, …
  public static func line(_ problem: ReplayProblem) -> String {
    let seq = problem.seq
    let what =
      switch problem.check {
      case .replaysDiffer: "two replays differ after event \(seq)"
      case .snapshotDoesNotRestore: "the snapshot after event \(seq) does not restore the state"
      case .storedStateDiffers:
        "state at event \(seq) from the nearest snapshot differs from a replay from scratch"
      }
    return what + ": " + fields(problem.changes)
  }

  /// The first three changes, or why there are none to show.
  private static func fields(_ changes: [FieldChange]) -> String {
    guard !changes.isEmpty else { return "(equal JSON; a non-JSON difference such as NaN)" }
    return changes.prefix(3).map(\.description).joined(separator: "; ")
  }
}
