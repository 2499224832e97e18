import Sharp9Domain

/// What `verify` found when replaying a session from scratch against its recorded checkpoints.
public struct VerifyReport: Sendable, Equatable {
  /// The first checkpoint where the replayed state differs from the recorded one.
  public struct Divergence: Sendable, Equatable {
    /// The first checkpoint (sequence number) whose recorded hash the replay does not match.
    public var seq: Int64
    /// The last checkpoint before it that matched (0 when none did): the divergence happened
    /// in events `lastAgreeingSeq + 1 ... seq`.
    public var lastAgreeingSeq: Int64
    /// Recorded (before) vs replayed (after) fields. Empty when the recorded snapshot itself is
    /// unreadable, see ``snapshotProblem``.
    public var changes: [FieldChange]
    /// Set when the recorded checkpoint itself is at fault (tampered or damaged storage).
    public var snapshotProblem: SnapshotProblem?
  }

  /// What is wrong with a recorded checkpoint (front ends word it).
  public enum SnapshotProblem: Sendable, Equatable {
    /// A finished session has no checkpoint at its last event (``Divergence/seq``): its
    /// checkpoints were deleted or never written.
    case lastCheckpointMissing
    /// The recorded snapshot does not match the recorded hash.
    case hashMismatch
    /// The recorded snapshot of this many bytes cannot be decoded at all.
    case unreadable(bytes: Int)
  }

  /// The session verified.
  public var session: SessionRecord
  /// The reducer version the session was recorded with.
  public var recordedReducerVersion: String
  /// The reducer version that replayed it.
  public var currentReducerVersion: String
  /// Events replayed.
  public var eventsReplayed: Int64
  /// Checkpoints compared (up to and including the divergent one).
  public var checkpointsCompared: Int
  /// The first divergence, if any.
  public var divergence: Divergence?

  /// True when every checkpoint matched.
  public var isOK: Bool { divergence == nil }
  /// True when the session was recorded by other reducer rules than the ones replaying it.
  public var reducerChanged: Bool { recordedReducerVersion != currentReducerVersion }
}
