/// When the store records a checkpoint (the state after an event: a snapshot to start replays
/// from, and its hash for `verify`).
///
/// Every ``interval``-th event is a candidate. A small state (up to ``smallSnapshotBytes``) is
/// checkpointed at every candidate. A larger one only once the events since the last checkpoint
/// have paid for it: at least one event per ``bytesPerEvent`` bytes of that checkpoint. Counting
/// events rather than time or chance keeps the positions the same on every run and every
/// machine. Without the byte rule a session that grows its state with every event (60,000
/// markers) wrote snapshots whose sizes added up quadratically: 45.7 MB of checkpoints from a
/// 3 MB script.
///
/// The bound this gives: checkpoints up to ``smallSnapshotBytes`` cost at most that much per
/// ``interval`` events (65 bytes an event by default), and each larger one is at most
/// ``bytesPerEvent`` times the events since the one before plus what the state grew by meanwhile,
/// so the checkpoints' total stays linear in the number of events. A replay from the nearest
/// checkpoint then folds at most that checkpoint's size ÷ ``bytesPerEvent`` events: as long as
/// reading the snapshot itself, in proportion.
public struct CheckpointPolicy: Sendable, Equatable {
  /// A candidate after every `interval`-th event (seq 1000, 2000, … by default). With a small
  /// state, `state --at` then folds at most `interval - 1` events after loading a snapshot.
  public var interval: Int64
  /// Snapshots up to this size are written at every candidate: 64 KiB, about 2,000 markers.
  public var smallSnapshotBytes: Int
  /// A larger snapshot waits until there has been at least one event per this many of its bytes
  /// since the last checkpoint: 64, about one script line's bytes.
  public var bytesPerEvent: Int

  /// Creates a policy; `interval` must be at least 1.
  public init(interval: Int64 = 1000, smallSnapshotBytes: Int = 64 << 10, bytesPerEvent: Int = 64) {
    precondition(interval >= 1, "checkpoint interval must be at least 1")
    precondition(bytesPerEvent >= 1, "bytes per event must be at least 1")
    self.interval = interval
    self.smallSnapshotBytes = smallSnapshotBytes
    self.bytesPerEvent = bytesPerEvent
  }

  /// The last checkpoint of a session: its event and its snapshot's size.
  public struct Previous: Sendable, Equatable {
    /// The event it follows.
    public var seq: Int64
    /// Bytes of its snapshot.
    public var bytes: Int

    /// Creates a description of a checkpoint.
    public init(seq: Int64, bytes: Int) {
      self.seq = seq
      self.bytes = bytes
    }
  }

  /// Whether the state after event `seq` is checkpointed, given the session's last checkpoint
  /// (the last event of an import or of a finished recording is checkpointed too, by
  /// ``EventAppender/finish()``).
  public func isCheckpoint(_ seq: Int64, after previous: Previous?) -> Bool {
    guard seq % interval == 0 else { return false }
    guard let previous, previous.bytes > smallSnapshotBytes else { return true }
    let events = seq - previous.seq
    return events > 0 && events >= Int64(previous.bytes / bytesPerEvent)
  }
}
