/// A stored checkpoint as ``EventLog/checkpoints(of:)`` lists it: the event it follows and the
/// SHA-256 of the state there; its snapshot is read only when needed
/// (``EventLog/checkpointSnapshot(of:at:)``), so memory stays flat however many a session has.
public struct RecordedCheckpoint: Sendable, Equatable {
  /// The event the checkpoint was taken after.
  public var seq: Int64
  /// The SHA-256 of the state's canonical JSON (``StateCodec``).
  public var hash: [UInt8]

  /// Creates a checkpoint listing.
  public init(seq: Int64, hash: [UInt8]) {
    self.seq = seq
    self.hash = hash
  }
}
