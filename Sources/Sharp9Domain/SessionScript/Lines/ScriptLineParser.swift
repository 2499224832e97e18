import Foundation

/// The one reader of a script line, behind `reduce` and `import` (through
/// ``SessionScriptParser``) and `record` (through ``SessionScriptParser/parseLine(_:number:requiresTime:)``): one set of rules, one
/// verdict for every line, whichever command reads it.
///
/// Three stages, each for what the one before leaves:
/// 1. ``FastActionLine`` takes the flat action lines almost every script consists of, in any key
///    order and spacing (the canonical form, Python's `json.dumps`, `JSON.stringify`), straight
///    from the bytes.
/// 2. ``JSONLineChecker`` checks the rest: UTF-8, JSON syntax, no key twice, numbers a Double
///    can hold.
/// 3. `JSONDecoder` (``DecodedScriptLine``) builds the values of what passed and names missing,
///    unknown or mistyped fields.
///
/// The front only takes lines the later stages accept with the same values, so the stage that
/// read a line never shows in the result (tested).
struct ScriptLineParser {
  /// The decoder of stage 3, kept by a parser that reads many lines; `nil`: one per line that
  /// reaches it.
  private let decoder: JSONDecoder?

  /// A parser keeping `decoder` for stage 3.
  init(decoder: JSONDecoder? = nil) {
    self.decoder = decoder
  }

  /// The line's content (`bytes` without its newline; a trailing `\r` is ignored), or `nil` for
  /// a blank line. With `requiresTime`, an action without `t` is an error.
  ///
  /// - Throws: ``SessionScriptError`` with line number `number`.
  func parse(_ bytes: UnsafeRawBufferPointer, number: Int, requiresTime: Bool)
    throws(SessionScriptError) -> SessionScriptLine?
  {
    let line =
      bytes.last == UInt8(ascii: "\r") ? UnsafeRawBufferPointer(rebasing: bytes.dropLast()) : bytes
    if let (action, t) = FastActionLine.parse(line) {
      return try Self.timed(.action(action, t: t), number: number, requiresTime: requiresTime)
    }
    return try parseFully(line, number: number, requiresTime: requiresTime)
  }

  /// Stages 2 and 3 alone, for any line (internal so a test can compare them with the front).
  func parseFully(_ line: UnsafeRawBufferPointer, number: Int, requiresTime: Bool)
    throws(SessionScriptError) -> SessionScriptLine?
  {
    guard !line.allSatisfy(Self.isWhitespace) else { return nil }
    do {
      try JSONLineChecker.check(line)
    } catch {
      throw SessionScriptError(line: number, message: error.message)
    }
    let decoded: SessionScriptLine
    do {
      decoded = try (decoder ?? Interchange.decoder()).decode(
        DecodedScriptLine.self, from: Data(line)
      ).line
    } catch {
      throw SessionScriptError(
        line: number, decoding: error, text: String(decoding: line, as: UTF8.self))
    }
    return try Self.timed(decoded, number: number, requiresTime: requiresTime)
  }

  private static func timed(_ line: SessionScriptLine, number: Int, requiresTime: Bool)
    throws(SessionScriptError) -> SessionScriptLine
  {
    if requiresTime, case .action(_, nil) = line {
      throw SessionScriptError(line: number, message: "field \"t\": missing")
    }
    return line
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\n")
  }
}
