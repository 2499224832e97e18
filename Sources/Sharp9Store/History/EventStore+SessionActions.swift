import Foundation
import Sharp9Domain

extension EventStore {
  /// Creates a session holding `actions` (with their `t`) in one transaction, reducing each with
  /// its event context and writing checkpoints as a recording would: all or nothing.
  ///
  /// `actions` come from `originalSession` (their `deleteMarker` ids name markers created there,
  /// by the events numbered `originalSeqs`); the ids are re-homed to the new session with
  /// ``MarkerIDRebase``. Scripts reduced un-recorded (fuzzed, minimized) pass
  /// ``SessionScript/unrecordedSessionID`` and `1...count`.
  ///
  /// - Throws: ``StoreError/invalidTime(seq:t:previous:)`` if `t` decreases, or ``SQLiteError``;
  ///   nothing is written then.
  public func createSession(
    _ new: NewSession, actions: [ScriptedAction], originalSeqs: [Int64], from originalSession: UUID
  ) throws -> SessionRecord {
    try database.transaction {
      let session = try createSession(new)
      let rebased = MarkerIDRebase.rebase(
        actions, originalSeqs: originalSeqs, from: originalSession, to: session.id)
      let appender = try EventAppender(
        store: self, session: session, state: State(), head: 0, lastT: 0)
      for scripted in rebased { try appender.appendInPlace(scripted.action, t: scripted.t) }
      try appender.finishBatch()
      return try self.session(id: session.id)
    }
  }
}
