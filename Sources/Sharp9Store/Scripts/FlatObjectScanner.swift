/// Scans a flat JSON object without whitespace into at most four key/value pairs, for
/// ``FastActionLine``. Gives up (returns `nil`) at anything else; it only has to be right on
/// what it accepts. Allocates nothing: values are slices of the line's bytes.
struct FlatObjectScanner {
  /// A scanned value: strings without escapes, numbers as their (grammar-checked) text, booleans.
  enum Value {
    case string(Slice<UnsafeRawBufferPointer>)
    case number(Slice<UnsafeRawBufferPointer>)
    case bool(Bool)

    /// The text of a string or number.
    var text: String? {
      switch self {
      case .string(let bytes), .number(let bytes): String(decoding: bytes, as: UTF8.self)
      case .bool: nil
      }
    }
  }

  /// One key and its value.
  typealias Pair = (key: Slice<UnsafeRawBufferPointer>, value: Value)

  /// The pairs of one object, in order, with unique keys; held inline (no array per line).
  struct Fields {
    private var pairs: (Pair?, Pair?, Pair?, Pair?) = (nil, nil, nil, nil)
    /// How many pairs the object has.
    private(set) var count = 0

    /// The most pairs an accepted object has.
    static let capacity = 4

    fileprivate mutating func append(_ pair: Pair) {
      switch count {
      case 0: pairs.0 = pair
      case 1: pairs.1 = pair
      case 2: pairs.2 = pair
      default: pairs.3 = pair
      }
      count += 1
    }

    private func pair(_ index: Int) -> Pair? {
      switch index {
      case 0: pairs.0
      case 1: pairs.1
      case 2: pairs.2
      default: pairs.3
      }
    }

    /// The value of `key`, if present.
    func value(_ key: StaticString) -> Value? {
      let wanted = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
      for index in 0..<count {
        if let pair = pair(index), pair.key.elementsEqual(wanted) { return pair.value }
      }
      return nil
    }

    fileprivate func contains(_ key: Slice<UnsafeRawBufferPointer>) -> Bool {
      (0..<count).contains { pair($0)?.key.elementsEqual(key) ?? false }
    }
  }

  private let bytes: UnsafeRawBufferPointer
  private var index: Int

  /// Scans `bytes`, which must stay valid while the scanner and its values are used.
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  /// The object's fields, or `nil` if the text is not a flat object this scanner accepts.
  mutating func fields() -> Fields? {
    var fields = Fields()
    guard take(UInt8(ascii: "{")) else { return nil }
    repeat {
      guard fields.count < Fields.capacity, let key = string(), take(UInt8(ascii: ":")),
        let value = value(), !fields.contains(key)
      else { return nil }
      fields.append((key, value))
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")), index == bytes.endIndex else { return nil }
    return fields
  }
  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.endIndex, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func value() -> Value? {
    guard index < bytes.endIndex else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "\""): return string().map(Value.string)
    case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
    default: return number().map(Value.number)
    }
  }

  /// A string of printable ASCII without escapes (anything else: the full parser).
  private mutating func string() -> Slice<UnsafeRawBufferPointer>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
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
      guard take(byte) else { return false }
    }
    return true
  }

  /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func number() -> Slice<UnsafeRawBufferPointer>? {
    let start = index
    _ = take(UInt8(ascii: "-"))
    if take(UInt8(ascii: "0")) {
      // A leading zero stands alone.
    } else {
      guard digits() > 0 else { return nil }
    }
    if take(UInt8(ascii: ".")) {
      guard digits() > 0 else { return nil }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard digits() > 0 else { return nil }
    }
    return bytes[start..<index]
  }

  private mutating func digits() -> Int {
    var count = 0
    while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
      count += 1
    }
    return count
  }
}
