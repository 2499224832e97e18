import Sharp9Domain

/// Reads a session script line by line for `import`: ``FastActionLine`` for the common lines,
/// `SessionScriptParser.parseLine` for everything else, with the parser's rules on top (line
/// numbers count blank lines, the header only first, `t` required and non-decreasing) and its
/// error messages. A test runs scripts through both this and `SessionScriptParser` and expects
/// identical results and errors.
struct ScriptLineReader {
  /// The number of the last line read (1-based).
  private(set) var lineNumber = 0
  /// The header, once read.
  private(set) var header: SessionScriptHeader?
  private var sawContent = false
  private var lastT: Double?

  /// The action on the next line, or `nil` for a blank or header line.
  mutating func next(_ text: Substring) throws(SessionScriptError) -> ScriptedAction? {
    lineNumber += 1
    let line = text.last == "\r" ? text.dropLast() : text
    if let fast = FastActionLine.parse(line) { return try accept(fast.action, t: fast.t) }
    return try parseFully(line)
  }

  /// The action on the next line, given as its UTF-8 bytes (without the `\n`): the import loop's
  /// form, which makes no String for the lines ``FastActionLine`` takes.
  mutating func next(bytes: UnsafeRawBufferPointer) throws(SessionScriptError) -> ScriptedAction? {
    lineNumber += 1
    var line = bytes
    if line.last == UInt8(ascii: "\r") { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
    if let fast = FastActionLine.parse(line) { return try accept(fast.action, t: fast.t) }
    return try parseFully(Substring(String(decoding: line, as: UTF8.self)))
  }

  private mutating func parseFully(_ line: Substring) throws(SessionScriptError)
    -> ScriptedAction?
  {
    switch try SessionScriptParser.parseLine(line, number: lineNumber, requiresTime: true) {
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
    case .action(let parsed, let parsedT)?:
      guard let parsedT else {
        throw SessionScriptError(line: lineNumber, message: "field \"t\": missing")
      }
      return try accept(parsed, t: parsedT)
    }
  }

  private mutating func accept(_ action: Action, t: Double) throws(SessionScriptError)
    -> ScriptedAction
  {
    sawContent = true
    if let lastT, t < lastT {
      throw SessionScriptError(
        line: lineNumber,
        message: "field \"t\": \(shortNumberText(t)) is before the previous action's "
          + "\(shortNumberText(lastT)) (t must not decrease)")
    }
    lastT = t
    return ScriptedAction(t: t, action: action)
  }
}
