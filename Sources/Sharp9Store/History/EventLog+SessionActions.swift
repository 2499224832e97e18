import Foundation
import Sharp9Domain

extension EventLog {
  /// A session's events `1...through` (all by default) in memory, as the actions and times of a
  /// script, with each one's sequence number: the input of fork, minimize and the fuzzer's
  /// round trips. Sessions are streamed elsewhere; these tools need random access.
  public func scriptedActions(of session: SessionRecord, through: Int64? = nil) throws
    -> (actions: [ScriptedAction], seqs: [Int64])
  {
    let cursor = try events(of: session, after: 0, through: through)
    var actions: [ScriptedAction] = []
    var seqs: [Int64] = []
    while let event = try cursor.next() {
      actions.append(ScriptedAction(t: event.t, action: event.action))
      seqs.append(event.seq)
    }
    return (actions, seqs)
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
