/// Where, within the events between two checkpoints, the current reducer most likely parted from
/// the one that recorded a session.
///
/// Checkpoints are the only record of what the old reducer computed, so the exact event cannot be
/// known from them alone; the suspects are the events that, replayed with the current reducer from
/// the last matching recorded snapshot, changed a field that differs at the divergent checkpoint.
public struct DivergenceLocation: Sendable, Equatable {
  /// The divergent fields at the checkpoint (recorded → replayed).
  public var fields: [String]
  /// The events of the bracket that changed one of those fields, in order (at most 10).
  public var suspects: [StoredEvent]
  /// How many events of the bracket changed one of those fields.
  public var suspectCount: Int

  /// The earliest suspect: the first event where the current reducer can have diverged.
  public var firstSuspect: StoredEvent? { suspects.first }
}
