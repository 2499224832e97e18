/// The checks a script line passes before its values are decoded, when ``FastActionLine`` did not
/// take it: valid UTF-8, one well-formed JSON value, no key twice in an object, every number one
/// a Double can hold. They come first so that no verdict depends on which path read the line or
/// on the JSON library underneath: `reduce`, `import` and `record` all see the same errors.
struct JSONLineChecker {
  /// What is wrong with a line: the message of its ``SessionScriptError``.
  struct Problem: Error {
    var message: String
  }

  private let bytes: UnsafeRawBufferPointer
  private var index: Int
  /// The keys (and `[i]` array positions) leading to the value being read.
  private var path: [String] = []

  private static let malformed = Problem(
    message: "malformed JSON (each line must be one JSON object)")
  /// Deeper nesting is refused rather than recursed into (a hostile line must not overflow the
  /// stack); no action nests more than two levels.
  private static let maximumDepth = 64

  private init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  /// Checks `bytes` (one line without its newline).
  ///
  /// - Throws: ``Problem`` for the first thing wrong.
  static func check(_ bytes: UnsafeRawBufferPointer) throws(Problem) {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw Problem(message: "not valid UTF-8 text")
    }
    var checker = JSONLineChecker(bytes)
    try checker.value(depth: 0)
    checker.skipWhitespace()
    guard checker.index == bytes.endIndex else { throw malformed }
  }

  private mutating func value(depth: Int) throws(Problem) {
    skipWhitespace()
    guard index < bytes.endIndex, depth < Self.maximumDepth else { throw Self.malformed }
    switch bytes[index] {
    case UInt8(ascii: "{"): try object(depth: depth)
    case UInt8(ascii: "["): try array(depth: depth)
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "N"), UInt8(ascii: "I"): throw nonFinite()
    case UInt8(ascii: "-")
    where index + 1 < bytes.endIndex && bytes[index + 1] == UInt8(ascii: "I"):
      throw nonFinite()
    default: try number()
    }
  }

  private mutating func object(depth: Int) throws(Problem) {
    index += 1
    guard !take(UInt8(ascii: "}")) else { return }
    var keys: [Slice<UnsafeRawBufferPointer>] = []
    repeat {
      skipWhitespace()
      let key = try string()
      let name = String(decoding: key, as: UTF8.self)
      if keys.contains(where: { $0.elementsEqual(key) }) {
        throw Problem(message: "field \"\(fieldPath(name))\": given twice (give each field once)")
      }
      keys.append(key)
      guard take(UInt8(ascii: ":")) else { throw Self.malformed }
      path.append(name)
      try value(depth: depth + 1)
      path.removeLast()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { throw Self.malformed }
  }

  private mutating func array(depth: Int) throws(Problem) {
    index += 1
    guard !take(UInt8(ascii: "]")) else { return }
    var position = 0
    repeat {
      path.append("[\(position)]")
      try value(depth: depth + 1)
      path.removeLast()
      position += 1
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "]")) else { throw Self.malformed }
  }

  /// A string's raw bytes between its quotes, its escapes checked.
  private mutating func string() throws(Problem) -> Slice<UnsafeRawBufferPointer> {
    guard take(UInt8(ascii: "\"")) else { throw Self.malformed }
    let start = index
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        defer { index += 1 }
        return bytes[start..<index]
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.endIndex else { throw Self.malformed }
        switch bytes[index] {
        case UInt8(ascii: "u"):
          guard index + 4 < bytes.endIndex,
            bytes[(index + 1)...(index + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }
            )
          else { throw Self.malformed }
          index += 5
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 1
        default:
          throw Self.malformed
        }
      case 0..<0x20:
        throw Self.malformed
      default:
        index += 1
      }
    }
    throw Self.malformed
  }

  /// JSON's number grammar, then its value through ``JSONNumberText`` (the one number reader).
  private mutating func number() throws(Problem) {
    let start = index
    _ = step(UInt8(ascii: "-"))
    if !step(UInt8(ascii: "0")) {
      guard digits() > 0 else { throw Self.malformed }
    }
    if step(UInt8(ascii: ".")) {
      guard digits() > 0 else { throw Self.malformed }
    }
    if step(UInt8(ascii: "e")) || step(UInt8(ascii: "E")) {
      if !step(UInt8(ascii: "+")) { _ = step(UInt8(ascii: "-")) }
      guard digits() > 0 else { throw Self.malformed }
    }
    let text = bytes[start..<index]
    guard JSONNumberText.value(text) == nil else { return }
    guard !path.isEmpty else { throw Self.malformed }
    let written = String(decoding: text, as: UTF8.self)
    let overflows = Double(written).map { !$0.isFinite } ?? true
    throw Problem(
      message: overflows
        ? "field \"\(fieldPath())\": must be a finite number (\(written) is out of range)"
        : "field \"\(fieldPath())\": \(written) is too close to 0 for a Double (write 0)")
  }

  private func nonFinite() -> Problem {
    guard !path.isEmpty else { return Self.malformed }
    return Problem(
      message: "field \"\(fieldPath())\": must be a finite number (NaN and Infinity are not JSON)")
  }

  private func fieldPath(_ last: String? = nil) -> String {
    (path + (last.map { [$0] } ?? [])).joined(separator: ".")
  }

  private mutating func literal(_ word: StaticString) throws(Problem) {
    let word = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in word {
      guard step(byte) else { throw Self.malformed }
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    return step(byte)
  }

  private mutating func step(_ byte: UInt8) -> Bool {
    guard index < bytes.endIndex, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func digits() -> Int {
    var count = 0
    while index < bytes.endIndex, bytes[index] &- UInt8(ascii: "0") < 10 {
      index += 1
      count += 1
    }
    return count
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
}
