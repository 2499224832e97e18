import Foundation
import Sharp9Domain

extension EventStore {
  /// A session's events `1...through` (all by default) in memory, as the actions and times of a
  /// script, with each one's sequence number: the input of fork, minimize and the fuzzer's
  /// round trips. Sessions are streamed elsewhere; these tools need random access.
  public func scriptedActions(of session: SessionRecord, through: Int64? = nil) throws
    -> (actions: [ScriptedAction], seqs: [Int64])
  {
    let cursor = try events(of: session, through: through)
    var actions: [ScriptedAction] = []
    var seqs: [Int64] = []
    while let event = try cursor.next() {
      actions.append(ScriptedAction(t: event.t, action: event.action))
      seqs.append(event.seq)
    }
    return (actions, seqs)
  }

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

  /// Creates a session from a script reduced un-recorded (what the fuzzer and the minimizer
  /// produce), see ``createSession(_:actions:originalSeqs:from:)``.
  public func createSession(_ new: NewSession, unrecordedScript script: SessionScript) throws
    -> SessionRecord
  {
    try createSession(
      new, actions: script.actions, originalSeqs: script.actions.indices.map { Int64($0) + 1 },
      from: SessionScript.unrecordedSessionID)
  }
}
