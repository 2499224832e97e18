import Foundation
import Sharp9Domain

extension PostgresStore {
  /// Creates a session holding `actions` (with their `t`) in one transaction, reducing each with
  /// its event context and writing checkpoints as a recording would: all or nothing. Each event
  /// gets the id derived from the new session and its seq (``NewEvent/DerivedIDs``).
  /// `deleteMarker` ids are re-homed from `originalSession` as in SQLite (``MarkerIDRebase``).
  ///
  /// - Throws: ``StoreError/invalidTime(seq:t:previous:)`` if `t` decreases, or
  ///   ``PostgresError``; nothing is written then.
  public func createSession(
    _ new: NewSession, actions: [ScriptedAction], originalSeqs: [Int64], from originalSession: UUID
  ) throws -> SessionRecord {
    let id = UUID()
    return try connection.transaction("create session \(id.uuidString.lowercased())") {
      let session = try createSession(new, id: id)
      // Ids derived from the new session and each seq: no system call per event (`UUID()` opens,
      // reads and closes the kernel's random source for every id, seen in a profile of imports),
      // and in seq order, so the unique index on event ids grows at its right edge.
      let ids = NewEvent.DerivedIDs(session: id)
      let events = MarkerIDRebase.rebase(
        actions, originalSeqs: originalSeqs, from: originalSession, to: id
      ).enumerated().map { index, scripted in
        NewEvent(
          id: ids[Int64(index) + 1], t: scripted.t,
          action: scripted.action)
      }
      return try storeFirstEvents(events, of: session)
    }
  }

  /// Stores `events` as the first of `session`, created in the caller's transaction: it has no
  /// other writer, so its head cannot move, and its events' ids are new (one stored already
  /// anywhere is a conflict).
  ///
  /// - Returns: the session as stored.
  func storeFirstEvents(_ events: [NewEvent], of session: SessionRecord) throws -> SessionRecord {
    var pending = try pendingAppend(to: session)
    let stored: Bool
    do {
      stored = try store(events, through: &pending)
    } catch is DuplicateEventID {
      stored = false
    }
    guard stored else {
      throw StoreError.conflict(
        session: session.idString, expected: 0, actual: try self.session(id: session.id).eventCount)
    }
    return try self.session(id: session.id)
  }
}
