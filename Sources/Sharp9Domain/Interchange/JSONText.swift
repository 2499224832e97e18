/// The text of JSON scalars as sharp9 writes them in every form (hashed, printed, diffed, quoted
/// in messages): defined here, once, and by nothing outside sharp9 but the standard library's
/// shortest round-trip `Double.description`, so a Foundation update can never change a stored
/// state hash.
///
/// - Numbers: the shortest text that reads back as the same `Double`, without a trailing `.0`
///   (`3`, `0.1`, `-0`, `1e-07`, `1e+21`).
/// - Strings: `"` and `\` escaped; control characters as `\n`, `\r`, `\t`, `\b`, `\f`, else
///   `\u00xx` in lowercase hex; everything else (`/`, DEL, non-ASCII) as its UTF-8 bytes.
///
/// These are the bytes `JSONEncoder` (`.withoutEscapingSlashes`) wrote when the first hashes
/// were recorded; `CanonicalJSONTests` compares them on seeded random states, so databases
/// written by earlier versions keep verifying.
public enum JSONText {
  /// The JSON text of a finite number (callers refuse NaN and infinities first). A `Float` is
  /// written as its own shortest text (`0.1`), not as the `Double` it widens to.
  public static func number(_ value: some BinaryFloatingPoint & CustomStringConvertible) -> String {
    var bytes: [UInt8] = []
    appendNumber(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether object key `left` sorts before `right` in the canonical form: by UTF-8 bytes.
  public static func keyPrecedes(_ left: String, _ right: String) -> Bool {
    left.utf8.lexicographicallyPrecedes(right.utf8)
  }

  /// `text` as a JSON string literal, quotes included.
  public static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``number(_:)``'s text without building a `String` per number.
  static func appendNumber(
    _ value: some BinaryFloatingPoint & CustomStringConvertible, to out: inout [UInt8]
  ) {
    var text = value.description
    text.withUTF8 { utf8 in
      let integral =
        utf8.count >= 2 && utf8[utf8.count - 2] == UInt8(ascii: ".")
        && utf8[utf8.count - 1] == UInt8(ascii: "0")
      out.append(contentsOf: integral ? UnsafeBufferPointer(rebasing: utf8.dropLast(2)) : utf8)
    }
  }

  /// Appends ``quoted(_:)``'s bytes.
  static func appendQuoted(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        out.append(UInt8(ascii: "\\"))
        out.append(byte)
      case 0x00..<0x20: appendControlEscape(byte, to: &out)
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func appendControlEscape(_ byte: UInt8, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\\"))
    switch byte {
    case 0x0A: out.append(UInt8(ascii: "n"))
    case 0x0D: out.append(UInt8(ascii: "r"))
    case 0x09: out.append(UInt8(ascii: "t"))
    case 0x08: out.append(UInt8(ascii: "b"))
    case 0x0C: out.append(UInt8(ascii: "f"))
    default:
      let digits: StaticString = "0123456789abcdef"
      out.append(contentsOf: "u00".utf8)
      out.append(digits.utf8Start[Int(byte >> 4)])
      out.append(digits.utf8Start[Int(byte & 0x0F)])
    }
  }
}
