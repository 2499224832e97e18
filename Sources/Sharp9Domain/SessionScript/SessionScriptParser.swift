import Foundation

/// Reads a session script one line at a time, so scripts of any length stream in constant memory.
/// `reduce` and `import` both read scripts through it (and ``ScriptLineParser``), so a script is
/// accepted or refused the same way by both.
///
/// A script is JSON Lines: an optional first line `{"session":{…}}` (see ``SessionScriptHeader``),
/// then one action per line with its `t`, seconds since the session started (finite, `>= 0`,
/// non-decreasing). Blank lines are skipped but counted, so line numbers match an editor's.
///
/// ```swift
/// var parser = SessionScriptParser()
/// for line in lines {
///   if let scripted = try parser.parse(line: line) { apply(scripted) }
/// }
/// let startedAt = parser.header?.startedAt
/// ```
public struct SessionScriptParser {
  /// The number of the last line given to ``parse(line:)`` (1-based; 0 before the first).
  public private(set) var lineNumber = 0
  /// The session header, once its line has been read.
  public private(set) var header: SessionScriptHeader?
  /// The number of actions read so far.
  public private(set) var actionCount = 0
  /// The `t` of the last action read, which the next one may not undercut.
  public private(set) var lastT: Double?

  private var sawContent = false
  private let lines = ScriptLineParser(decoder: Interchange.decoder())

  /// Creates a parser positioned before line 1.
  public init() {}

  /// Reads the next line (without its newline; a trailing `\r` is ignored). Returns the action it
  /// holds, or `nil` for a blank line or the header line.
  ///
  /// - Throws: ``SessionScriptError`` naming the line and field when the line is not valid UTF-8
  ///   or not one JSON object, repeats a key, holds an unknown type or field, misses a field, has
  ///   a number a Double cannot hold, lacks `t`, or has a `t` below the previous line's; and when
  ///   a header line appears after the first non-blank line.
  public mutating func parse(line text: some StringProtocol) throws(SessionScriptError)
    -> ScriptedAction?
  {
    var text = String(text)
    return try text.withUTF8 { utf8 in
      Result { () throws(SessionScriptError) in try parse(bytes: UnsafeRawBufferPointer(utf8)) }
    }.get()
  }

  /// Reads the next line given as its bytes (without the newline): what `import` calls on a
  /// file's content, without making a String of each line.
  public mutating func parse(bytes: UnsafeRawBufferPointer) throws(SessionScriptError)
    -> ScriptedAction?
  {
    lineNumber += 1
    switch try lines.parse(bytes, number: lineNumber, requiresTime: true) {
    case nil:
      return nil
    case .header(let header)?:
      guard !sawContent else {
        throw SessionScriptError(
          line: lineNumber, message: "the session header must be the first line of the script")
      }
      sawContent = true
      self.header = header
      return nil
    case .action(let action, let t)?:
      sawContent = true
      // `requiresTime` guarantees it.
      let t = t ?? 0
      if let lastT, t < lastT {
        throw SessionScriptError(
          line: lineNumber,
          message:
            "field \"t\": \(OrderedJSONNode.number(t)) is before the previous action's "
            + "\(OrderedJSONNode.number(lastT)) (t must not decrease)")
      }
      lastT = t
      actionCount += 1
      return ScriptedAction(t: t, action: action)
    }
  }

  /// Reads one line on its own, with no header-first or ordering checks: for the live recorder,
  /// which accepts actions without `t` (`requiresTime: false`) and stamps them itself.
  ///
  /// - Returns: the line's content, or `nil` for a blank line.
  /// - Throws: ``SessionScriptError`` with line number `number`.
  public static func parseLine(
    _ text: some StringProtocol, number: Int, requiresTime: Bool = true
  ) throws(SessionScriptError) -> SessionScriptLine? {
    var text = String(text)
    let parser = ScriptLineParser()
    return try text.withUTF8 { utf8 in
      Result { () throws(SessionScriptError) in
        try parser.parse(UnsafeRawBufferPointer(utf8), number: number, requiresTime: requiresTime)
      }
    }.get()
  }
}
