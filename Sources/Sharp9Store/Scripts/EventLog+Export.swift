import Foundation
import Sharp9Domain

extension EventLog {
  /// Writes `session` as a session script in canonical form (`SessionScriptEncoder`): a header
  /// with `startedAt`, `audio` (when recorded) and `title`, then one line per event. Marker ids
  /// in `deleteMarker` are written as script ids, so `sharp9 reduce` of the export deletes the
  /// same markers and a re-import re-homes them.
  ///
  /// Canonical scripts round-trip byte-identically through `importScript` and this; any script
  /// reaches its canonical form after one import (defaults made explicit, numbers in shortest
  /// form). Lines are handed to `write` one at a time, so memory stays flat.
  public func exportScript(_ session: SessionRecord, write: (String) throws -> Void) throws {
    let encoder = SessionScriptEncoder()
    let header = SessionScriptHeader(
      startedAt: session.startedAt.date, audio: session.audio?.path, title: session.title)
    try write(try encoder.line(for: header) + "\n")
    let events = try events(of: session, after: 0, through: nil)
    while let event = try events.next() {
      let action = MarkerIDRebase.rehome(
        event.action, from: session.id, to: SessionScript.unrecordedSessionID)
      try write(try encoder.line(for: ScriptedAction(t: event.t, action: action)) + "\n")
    }
  }
}
