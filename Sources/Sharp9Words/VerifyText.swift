import Sharp9Store

/// The words for what `verify` found wrong with a recorded checkpoint, shared by its text and
/// `--json` reports.
public enum VerifyText {
  /// One line for `problem`, found at the checkpoint of event `seq`.
  public static func snapshotProblem(_ problem: VerifyReport.SnapshotProblem, at seq: Int64)
    -> String
  {
    switch problem {
    case .lastCheckpointMissing:
      "the checkpoint of the last event (\(seq)) is missing: the session's checkpoints were"
        + " deleted or never written"
    case .hashMismatch: "the recorded snapshot does not match the recorded hash"
    case .unreadable(let bytes): "the recorded snapshot is unreadable (\(bytes) bytes)"
    }
  }
}
