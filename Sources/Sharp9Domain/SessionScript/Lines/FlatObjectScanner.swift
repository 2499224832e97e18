/// Reads a flat JSON object (keys and scalar values, JSON whitespace anywhere between tokens) left
/// to right, for ``FastActionLine``. Every read returns `nil` or `false` at anything it does not
/// take (nested values, escapes, non-ASCII text, `null`): the caller then hands the line to the
/// full checks of ``ScriptLineParser``; it only has to be right on what it accepts. Allocates
/// nothing: keys and values are slices of the bytes.
struct FlatObjectScanner {
  /// A scanned value: strings of printable ASCII without escapes, numbers as their
  /// (grammar-checked) text, booleans.
  enum Value {
    case string(Slice<UnsafeRawBufferPointer>)
    case number(Slice<UnsafeRawBufferPointer>)
    case bool(Bool)
  }

  private let bytes: UnsafeRawBufferPointer
  private var index: Int

  /// Scans `bytes`, which must stay valid while the scanner and its values are used.
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  /// True when only whitespace is left.
  mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return index == bytes.endIndex
  }

  /// Reads `byte` (`{`, `}`, `,`), after any whitespace.
  mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard index < bytes.endIndex, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// Reads a key and its colon.
  mutating func key() -> Slice<UnsafeRawBufferPointer>? {
    skipWhitespace()
    guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
    return key
  }

  /// Reads a string, number or boolean.
  mutating func value() -> Value? {
    skipWhitespace()
    guard index < bytes.endIndex else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "\""): return string().map(Value.string)
    case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
    default: return number().map(Value.number)
    }
  }

  private mutating func skipWhitespace() {
    while index < bytes.endIndex {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
      default:
        return
      }
    }
  }

  private mutating func step(_ byte: UInt8) -> Bool {
    guard index < bytes.endIndex, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// A string of printable ASCII without escapes.
  private mutating func string() -> Slice<UnsafeRawBufferPointer>? {
    guard step(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = bytes[start..<index]
        index += 1
        return text
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      index += 1
    }
    return nil
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let word = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in word {
      guard step(byte) else { return false }
    }
    return true
  }

  /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func number() -> Slice<UnsafeRawBufferPointer>? {
    let start = index
    _ = step(UInt8(ascii: "-"))
    if step(UInt8(ascii: "0")) {
      // A leading zero stands alone.
    } else {
      guard digits() > 0 else { return nil }
    }
    if step(UInt8(ascii: ".")) {
      guard digits() > 0 else { return nil }
    }
    if step(UInt8(ascii: "e")) || step(UInt8(ascii: "E")) {
      if !step(UInt8(ascii: "+")) { _ = step(UInt8(ascii: "-")) }
      guard digits() > 0 else { return nil }
    }
    return bytes[start..<index]
  }

  private mutating func digits() -> Int {
    var count = 0
    while index < bytes.endIndex, bytes[index] &- UInt8(ascii: "0") < 10 {
      index += 1
      count += 1
    }
    return count
  }
}
