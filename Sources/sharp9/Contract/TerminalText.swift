/// Text from data (titles, paths, messages quoting input) made safe to print: control characters
/// and escape sequences never reach the terminal raw, and one line stays one line.
enum TerminalText {
  /// `text` with every control character (C0, DEL, C1, and the U+2028/2029 line separators)
  /// written as Swift writes it in a string literal: `\n`, `\t`, `\u{1B}`.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }
}
