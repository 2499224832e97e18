import Foundation
import Sharp9Domain

extension PostgresStore {
  /// Stores a session made elsewhere under its own id in one transaction
  /// (``EventLog/copySession(_:events:)``): its row as `record` has it, then `events` by the
  /// bulk append's path, reduced and checkpointed by this reducer.
  public func copySession(_ record: SessionRecord, events: [NewEvent]) throws -> SessionRecord {
    do {
      return try copySessionOnce(record, events: events)
    } catch let error as PostgresError where error.isUniqueViolation {
      // Another writer created the session between the check and the insert: the same
      // conflict as a session found by the check (read once the transaction is rolled back).
      guard let existing = try? session(id: record.id) else { throw error }
      throw StoreError.conflict(session: record.idString, expected: 0, actual: existing.eventCount)
    }
  }

  private func copySessionOnce(_ record: SessionRecord, events: [NewEvent]) throws
    -> SessionRecord
  {
    try connection.transaction("copy session \(record.idString)") {
      if let existing = try? session(id: record.id) {
        throw StoreError.conflict(
          session: record.idString, expected: 0, actual: existing.eventCount)
      }
      _ = try createSession(NewSession(copying: record), id: record.id)
      let rows = try connection.query(
        """
        UPDATE sessions SET created_ms = \(record.createdAt.value),
          ended_ms = \(record.endedAt?.value)
        WHERE id = \(record.id) RETURNING \(unescaped: Self.sessionColumns)
        """, "copy session \(record.idString)")
      guard let row = rows.first else { throw StoreError.sessionNotFound(record.idString) }
      return try storeFirstEvents(events, of: try Self.record(row))
    }
  }
}
