import Sharp9Domain

/// What `sharp9 check` found: how far the replay got and the first event that broke an invariant.
public struct CheckReport: Sendable, Equatable {
  /// The session checked.
  public var session: SessionRecord
  /// Events replayed (up to and including the violating one).
  public var eventsChecked: Int64
  /// The first violating event, if any.
  public var finding: InvariantChecker.Finding?
  /// The state diff the violating event made (before → after), empty when sound.
  public var changes: [FieldChange]

  /// True when every state kept every invariant.
  public var passed: Bool { finding == nil }
}
