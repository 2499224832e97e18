import Foundation
import Sharp9Domain

extension PostgresStore {
  /// Creates a session holding `actions` (with their `t`) in one transaction, reducing each with
  /// its event context and writing checkpoints as a recording would: all or nothing. Each event
  /// gets a new id. `deleteMarker` ids are re-homed from `originalSession` as in SQLite
  /// (``MarkerIDRebase``).
  ///
  /// - Throws: ``StoreError/invalidTime(seq:t:previous:)`` if `t` decreases, or
  ///   ``PostgresError``; nothing is written then.
  public func createSession(
    _ new: NewSession, actions: [ScriptedAction], originalSeqs: [Int64], from originalSession: UUID
  ) throws -> SessionRecord {
    let id = UUID()
    return try connection.transaction("create session \(id.uuidString.lowercased())") {
      let session = try createSession(new, id: id)
      let events = MarkerIDRebase.rebase(
        actions, originalSeqs: originalSeqs, from: originalSession, to: id
      ).map { NewEvent(id: UUID(), t: $0.t, action: $0.action) }
      var pending = try pendingAppend(to: session)
      // A session made in this transaction has no other writer: its head cannot move.
      guard try store(events, through: &pending) else {
        throw StoreError.conflict(
          session: session.idString, expected: 0, actual: try self.session(id: id).eventCount)
      }
      return try self.session(id: id)
    }
  }
}
