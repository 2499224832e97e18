import Foundation
import Sharp9Domain

extension EventStore {
  /// Appends `events` to `session` when its head is `head`, all or nothing in one transaction,
  /// with EventStoreDB's idempotence rules as ``PostgresStore/append(_:to:expecting:)`` has them:
  /// a batch whose events are all stored already right after `head` is acknowledged again
  /// (``AppendOutcome/alreadyStored(head:)``); one that overlaps stored events only partly, or
  /// finds another head, is a conflict.
  ///
  /// SQLite keeps no event ids (its events are packed in chunks): a retry is recognized by what
  /// its events are, their `t` and action at the positions it names. Events are only ever
  /// appended, so the same events at the same positions after the same head are the same batch.
  ///
  /// - Throws: ``StoreError/conflict(session:expected:actual:)``,
  ///   ``StoreError/invalidTime(seq:t:previous:)``, ``StoreError/sessionNotFound(_:)`` or
  ///   ``SQLiteError``; nothing is stored then.
  public func append(_ events: [NewEvent], to session: SessionRecord, expecting head: Int64)
    throws -> AppendOutcome
  {
    try withBulkWriteCache {
      try database.transaction {
        let current = try self.session(id: session.id)
        guard current.eventCount == head else {
          let end = head + Int64(events.count)
          let sent = events.enumerated().map { offset, event in
            StoredEvent(seq: head + 1 + Int64(offset), t: event.t, action: event.action)
          }
          if !events.isEmpty, head >= 0, current.eventCount >= end,
            try self.events(of: current, after: head, through: end).all() == sent
          {
            return .alreadyStored(head: end)
          }
          throw StoreError.conflict(
            session: current.idString, expected: head, actual: current.eventCount)
        }
        guard !events.isEmpty else { return .appended(head: head) }
        let appender = try EventAppender(
          store: self, session: current, state: try state(of: current), head: head,
          lastT: current.lastT)
        for event in events { try appender.appendInPlace(event.action, t: event.t) }
        try appender.finishBatch()
        return .appended(head: appender.head)
      }
    }
  }
}

extension EventCursor {
  /// Every remaining event.
  func all() throws -> [StoredEvent] {
    var events: [StoredEvent] = []
    while let event = try next() { events.append(event) }
    return events
  }
}
