import Foundation

/// Keeps `deleteMarker` actions pointing at the right marker when events move to another session
/// or another position (a fork, a minimized candidate, a fuzzed script stored under a new id).
///
/// A marker's id is derived from the session id and the sequence number of the event that created
/// it (``ActionContext/derivedID(session:sequence:)``), so the same action replayed elsewhere
/// creates a marker with a different id. A `deleteMarker(id:)` naming a marker created by a kept
/// event is rewritten to the id that event creates at its new place; one naming anything else
/// (a marker created by a dropped event, or no marker at all) is left as it is and stays a no-op,
/// as it would have been.
public enum MarkerIDRebase {
  /// The actions of `originalSession` re-homed to `newSession`.
  ///
  /// - Parameters:
  ///   - actions: the kept actions, in order; `actions[i]` becomes event `i + 1` of `newSession`.
  ///   - originalSeqs: `originalSeqs[i]` is the sequence number `actions[i]` had (ascending, same
  ///     count as `actions`).
  ///   - originalSession: the session the actions were recorded in.
  ///   - newSession: the session they will be replayed in; must differ from `originalSession`
  ///     unless the sequence numbers are unchanged, so a stale id cannot name a new marker.
  public static func rebase(
    _ actions: [ScriptedAction], originalSeqs: [Int64], from originalSession: UUID,
    to newSession: UUID
  ) -> [ScriptedAction] {
    precondition(actions.count == originalSeqs.count, "one original sequence number per action")
    var wanted = Set<UUID>()
    for scripted in actions {
      if case .deleteMarker(let id) = scripted.action { wanted.insert(id) }
    }
    guard !wanted.isEmpty else { return actions }
    // Only kept events can have created a marker that survives, so only their ids are computed.
    var renamed: [UUID: UUID] = [:]
    for (index, seq) in originalSeqs.enumerated() {
      let old = ActionContext.derivedID(session: originalSession, sequence: seq)
      if wanted.contains(old) {
        renamed[old] = ActionContext.derivedID(session: newSession, sequence: Int64(index) + 1)
      }
    }
    return actions.map { scripted in
      guard case .deleteMarker(let id) = scripted.action, let new = renamed[id] else {
        return scripted
      }
      return ScriptedAction(t: scripted.t, action: .deleteMarker(id: new))
    }
  }

  /// `action` moved from event `n` of `originalSession` to event `n` of `newSession`: a
  /// `deleteMarker` naming a marker created by an event of `originalSession` names the marker the
  /// same event creates in `newSession`. O(1) per action, so imports and exports stream.
  public static func rehome(_ action: Action, from originalSession: UUID, to newSession: UUID)
    -> Action
  {
    guard case .deleteMarker(let id) = action,
      let sequence = ActionContext.sequence(ofDerivedID: id, session: originalSession)
    else { return action }
    return .deleteMarker(id: ActionContext.derivedID(session: newSession, sequence: sequence))
  }
}
