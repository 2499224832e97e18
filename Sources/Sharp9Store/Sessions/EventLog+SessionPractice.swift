import Sharp9Domain

/// A backend that keeps no practice summaries: the journal replays each session every time
/// (correct, only slower). SQLite keeps them (`session_practice`); PostgreSQL does not yet.
extension EventLog {
  /// None kept.
  public func cachedPractice(of session: SessionRecord) throws -> SessionPractice? { nil }

  /// Kept nowhere.
  public func cachePractice(_ practice: SessionPractice, of session: SessionRecord) throws {}
}
