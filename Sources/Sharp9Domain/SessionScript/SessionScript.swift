import Foundation

/// A whole session script in memory: the optional header and the actions with their times.
///
/// For scripts too long to hold, read them line by line with ``SessionScriptParser`` and write
/// them with ``SessionScriptEncoder``; this type is the convenience over both.
public struct SessionScript: Sendable, Equatable, Hashable {
  /// The header line, if the script has one.
  public var header: SessionScriptHeader?
  /// The actions in order.
  public var actions: [ScriptedAction]

  /// Creates a script.
  public init(header: SessionScriptHeader? = nil, actions: [ScriptedAction]) {
    self.header = header
    self.actions = actions
  }

  /// The session id un-recorded scripts are reduced under, so the marker ids they create are the
  /// same on every run: `5A0E9D05-5C41-4E0A-9F00-000000000000`.
  public static let unrecordedSessionID = UUID(
    uuid: (
      0x5A, 0x0E, 0x9D, 0x05, 0x5C, 0x41, 0x4E, 0x0A, 0x9F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00
    ))

  /// The start time of a script without `startedAt` in its header: the Unix epoch,
  /// `1970-01-01T00:00:00.000Z`.
  public static let defaultStartedAt = Date(timeIntervalSince1970: 0)

  /// When the session started: the header's `startedAt`, else ``defaultStartedAt``.
  public var startedAt: Date { header?.startedAt ?? Self.defaultStartedAt }

  /// The context of the action at `index` (0-based) when reduced un-recorded: session
  /// ``unrecordedSessionID``, sequence `index + 1`, `now = startedAt + t`.
  public func context(forActionAt index: Int) -> ActionContext {
    ActionContext(
      session: Self.unrecordedSessionID, startedAt: startedAt, sequence: Int64(index) + 1,
      t: actions[index].t)
  }

  /// Parses a whole script (see ``SessionScriptParser`` for the format and the errors).
  public static func parse(_ text: String) throws(SessionScriptError) -> SessionScript {
    var text = text
    return try text.withUTF8 { utf8 in
      Result { () throws(SessionScriptError) in try parse(bytes: UnsafeRawBufferPointer(utf8)) }
    }.get()
  }

  /// Parses a whole script given as its bytes (a file's content): a line that is not UTF-8 is
  /// an error naming it, as for every other reader of scripts.
  public static func parse(_ data: Data) throws(SessionScriptError) -> SessionScript {
    try data.withUnsafeBytes { bytes in
      Result { () throws(SessionScriptError) in try parse(bytes: bytes) }
    }.get()
  }

  private static func parse(bytes: UnsafeRawBufferPointer) throws(SessionScriptError)
    -> SessionScript
  {
    var parser = SessionScriptParser()
    var actions: [ScriptedAction] = []
    var start = bytes.startIndex
    // Split on the byte, not the Character: "\r\n" is one Character and would not split.
    while true {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
      if let scripted = try parser.parse(bytes: line) { actions.append(scripted) }
      guard end < bytes.endIndex else { break }
      start = end + 1
    }
    return SessionScript(header: parser.header, actions: actions)
  }

  /// The script's canonical text: the header line (if any) and one line per action, each ended by
  /// a newline.
  public func encoded() throws -> String {
    let encoder = SessionScriptEncoder()
    var text = ""
    if let header { text += try encoder.line(for: header) + "\n" }
    for scripted in actions { text += try encoder.line(for: scripted) + "\n" }
    return text
  }
}
