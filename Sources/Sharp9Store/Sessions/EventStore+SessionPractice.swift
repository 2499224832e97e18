import Foundation
import Sharp9Domain

/// Each session's practice summary, kept beside its events (`session_practice`) so the journal
/// replays a session once, not on every call. The row is a cache: it holds only while the session
/// has the same number of events and end, and the reducer is the same version.
extension EventStore {
  /// The summary kept for `session` as it now is, or nil when there is none that holds (none
  /// kept, events added or the session ended since, another reducer, or a row that does not
  /// decode).
  public func cachedPractice(of session: SessionRecord) throws -> SessionPractice? {
    let select = try database.cached(
      """
      SELECT event_count, ended_ms, reducer_version, summary FROM session_practice
      WHERE session_pk = ?
      """)
    try select.bind(key(of: session), at: 1)
    guard try select.step(), select.int64(0) == session.eventCount,
      select.isNull(1) ? session.endedAt == nil : select.int64(1) == session.endedAt?.value,
      select.text(2) == Reducer.version, let text = select.text(3)
    else { return nil }
    return try? Interchange.decoder().decode(SessionPractice.self, from: Data(text.utf8))
  }

  /// Keeps `practice` as the summary of `session` with its current event count.
  public func cachePractice(_ practice: SessionPractice, of session: SessionRecord) throws {
    let upsert = try database.cached(
      """
      INSERT INTO session_practice (session_pk, event_count, ended_ms, reducer_version, summary)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (session_pk) DO UPDATE SET event_count = excluded.event_count,
        ended_ms = excluded.ended_ms, reducer_version = excluded.reducer_version,
        summary = excluded.summary
      """)
    try upsert.bind(key(of: session), at: 1)
    try upsert.bind(session.eventCount, at: 2)
    try upsert.bind(session.endedAt?.value, at: 3)
    try upsert.bind(Reducer.version, at: 4)
    try upsert.bind(try Interchange.string(practice), at: 5)
    try upsert.run()
  }
}
