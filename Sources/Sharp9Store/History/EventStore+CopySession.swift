import Foundation
import Sharp9Domain

extension EventStore {
  /// Stores a session made elsewhere under its own id, all or nothing (``EventLog/copySession(_:events:)``):
  /// its row as `record` has it, then `events` reduced and checkpointed by this reducer.
  public func copySession(_ record: SessionRecord, events: [NewEvent]) throws -> SessionRecord {
    try database.transaction {
      if let existing = try? session(id: record.id) {
        throw StoreError.conflict(
          session: record.idString, expected: 0, actual: existing.eventCount)
      }
      let session = try createSession(NewSession(copying: record), id: record.id)
      let times = try database.cached(
        "UPDATE sessions SET created_ms = ?, ended_ms = ? WHERE id = ?")
      try times.bind(record.createdAt.value, at: 1)
      try times.bind(record.endedAt?.value, at: 2)
      try times.bind(record.idString, at: 3)
      try times.run()
      let appender = try EventAppender(
        store: self, session: session, state: State(), head: 0, lastT: 0)
      for event in events { try appender.appendInPlace(event.action, t: event.t) }
      try appender.finishBatch()
      return try self.session(id: record.id)
    }
  }
}

extension NewSession {
  /// What `record` was created with (for a copy of it).
  init(copying record: SessionRecord) {
    self.init(
      title: record.title, startedAt: record.startedAt.date, audio: record.audio,
      sharp9Version: record.sharp9Version, reducerVersion: record.reducerVersion,
      device: record.device)
  }
}
