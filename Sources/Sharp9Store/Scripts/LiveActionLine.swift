import Sharp9Domain

/// Parses one line of `sharp9 record`'s input: an action in the JSON interchange form, with or
/// without its own `t`.
///
/// The common lines (flat objects in the canonical form, e.g. `{"type":"tick","currentTimeSec":3}`)
/// go through ``FastActionLine``, well under a microsecond; everything else through
/// `SessionScriptParser.parseLine`, which also produces the error messages. Both give the same
/// result for every line the fast path accepts (tested), so the path taken is invisible.
public enum LiveActionLine {
  /// The line's content, or `nil` for a blank line.
  ///
  /// - Throws: ``SessionScriptError`` with line number `number` for a malformed line.
  public static func parse(_ text: String, number: Int) throws(SessionScriptError)
    -> SessionScriptLine?
  {
    var text = text
    let fast = text.withUTF8 {
      FastActionLine.parse(UnsafeRawBufferPointer($0), timeIsOptional: true)
    }
    if let (action, t) = fast { return .action(action, t: t) }
    return try SessionScriptParser.parseLine(text, number: number, requiresTime: false)
  }
}
