/// When the store records a checkpoint (the state after an event: a snapshot to start replays
/// from, and its hash for `verify`).
public struct CheckpointPolicy: Sendable, Equatable {
  /// A checkpoint after every `interval`-th event (seq 1000, 2000, … by default). `state --at`
  /// then folds at most `interval - 1` events after loading a snapshot.
  public var interval: Int64

  /// Creates a policy; `interval` must be at least 1.
  public init(interval: Int64 = 1000) {
    precondition(interval >= 1, "checkpoint interval must be at least 1")
    self.interval = interval
  }

  /// Whether the state after event `seq` is checkpointed (the last event of an import or of a
  /// finished recording is checkpointed too, by ``EventAppender/finish()``).
  public func isCheckpoint(_ seq: Int64) -> Bool { seq % interval == 0 }
}
