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
    var parser = SessionScriptParser()
    var actions: [ScriptedAction] = []
    // Split on the byte, not the Character: "\r\n" is one Character and would not split.
    for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if let scripted = try parser.parse(line: Substring(bytes)) { actions.append(scripted) }
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
