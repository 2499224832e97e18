import Foundation
import Sharp9Domain

extension EventLog {
  /// Imports a session script as a new session: the script is parsed whole (the parser
  /// `reduce` uses), then stored by ``createSession(_:actions:originalSeqs:from:)`` in one
  /// transaction, so a bad line stores nothing, and ended at its last event. Titles, the start
  /// and marker ids as in ``EventStore/importScript(_:title:defaultTitle:sharp9Version:audio:progress:)``.
  ///
  /// - Throws: `SessionScriptError` (naming the line and field), ``StoreError/noActions`` for a
  ///   script without an action, or the backend's error.
  public func importScript(
    _ data: Data, title: String?, defaultTitle: String, sharp9Version: String,
    audio: (String) throws -> RecordedAudio?, progress: (Double) -> Void
  ) throws -> SessionRecord {
    var parser = SessionScriptParser()
    var actions: [ScriptedAction] = []
    try data.withUnsafeBytes { bytes in
      var read = 0
      var reported = 0
      try ScriptLines.forEach(in: bytes) { line in
        read += line.count + 1
        if read - reported >= 1 << 16 {
          reported = read
          progress(Double(read) / Double(max(bytes.count, 1)))
        }
        if let scripted = try parser.parse(bytes: line) { actions.append(scripted) }
      }
    }
    guard let last = actions.last else { throw StoreError.noActions }
    let header = parser.header
    let new = NewSession(
      title: title ?? header?.title ?? defaultTitle,
      startedAt: header?.startedAt ?? SessionScript.defaultStartedAt,
      audio: try header?.audio.flatMap(audio), sharp9Version: sharp9Version)
    let session = try createSession(
      new, unrecordedScript: SessionScript(header: header, actions: actions))
    // Ended at its last event: `verify` then knows a checkpoint must be there.
    try endSession(session.id, at: session.startedAt.date.addingTimeInterval(last.t))
    progress(1)
    return try self.session(id: session.id)
  }
}
