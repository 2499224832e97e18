import Foundation

/// A JSON value: sharp9's one JSON model. ``OrderedJSONEncoder`` builds it from any `Encodable`,
/// ``StateDiff`` reads it field by field, and ``write(to:pretty:sortedKeys:)`` writes it.
///
/// - Objects keep their members in the order they were added (declaration order for the models,
///   `type` first for actions); keys are sorted, by ``JSONText/keyPrecedes(_:_:)``, only when
///   writing with `sortedKeys` (the canonical, hashed form). Two objects are equal when they hold
///   the same members in any order.
/// - Numbers are kept as the text they are written as (``JSONText/number(_:)``, or an integer's
///   digits), so writing never re-rounds a `Float` or a large integer; two numbers are equal when
///   they read back as the same `Double` (`0` equals `-0`).
public indirect enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// A number as its JSON text.
  case number(text: String)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// A finite number, written as its shortest round-trip text.
  public static func number(_ value: some BinaryFloatingPoint & CustomStringConvertible)
    -> JSONValue
  {
    .number(text: JSONText.number(value))
  }

  /// An integer, written as its digits (exactly, however large).
  public static func integer(_ value: some BinaryInteger) -> JSONValue {
    .number(text: String(value))
  }

  /// The value of a number, else `nil`.
  public var doubleValue: Double? {
    guard case .number(let text) = self else { return nil }
    return Double(text)
  }

  /// The member `key` of an object, else `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// An object's members by key (the first of a repeated key).
  static func byKey(_ members: [(key: String, value: JSONValue)]) -> [String: JSONValue] {
    Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// Parses JSON text. Foundation's decoder does not keep the document's key order, so a parsed
  /// object's members come in sorted-key order.
  public static func parse(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// Compact JSON text with sorted keys (the canonical form of a value).
  public var text: String {
    var output = ""
    write(to: &output, pretty: false, sortedKeys: true)
    return output
  }

  /// Appends this value's JSON text to `output`: compact (no whitespace), or pretty (two-space
  /// indent, `"key": value`, one entry per line, empty containers as `[]` and `{}`); object keys
  /// in member order, or sorted by ``JSONText/keyPrecedes(_:_:)`` when `sortedKeys`.
  public func write(to output: inout String, pretty: Bool, sortedKeys: Bool, depth: Int = 0) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let value): output += JSONText.quoted(value)
    case .array(let elements):
      Self.writeContainer(
        elements, open: "[", close: "]", to: &output, pretty: pretty, depth: depth
      ) { element, output in
        element.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, depth: depth + 1)
      }
    case .object(let members):
      let ordered = sortedKeys ? members.sorted { JSONText.keyPrecedes($0.key, $1.key) } : members
      Self.writeContainer(ordered, open: "{", close: "}", to: &output, pretty: pretty, depth: depth)
      { member, output in
        output += JSONText.quoted(member.key) + (pretty ? ": " : ":")
        member.value.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, depth: depth + 1)
      }
    }
  }

  private static func writeContainer<Element>(
    _ items: [Element], open: String, close: String, to output: inout String, pretty: Bool,
    depth: Int, writeItem: (Element, inout String) -> Void
  ) {
    output += open
    guard !items.isEmpty else { return output += close }
    let indent = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
    for (index, item) in items.enumerated() {
      if index > 0 { output += "," }
      output += indent
      writeItem(item, &output)
    }
    output += pretty ? "\n" + String(repeating: "  ", count: depth) + close : close
  }
}

extension JSONValue: Equatable {
  /// Whether two values are the same JSON: numbers by value, objects regardless of member order.
  public static func == (left: JSONValue, right: JSONValue) -> Bool {
    switch (left, right) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)):
      return a == b || (Double(a).map { $0 == Double(b) } ?? false)
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      let byKey = JSONValue.byKey(b)
      return a.allSatisfy { byKey[$0.key] == $0.value }
    default: return false
    }
  }
}

extension JSONValue: Decodable {
  /// Decodes any JSON value; numbers keep ``JSONText/number(_:)``'s text of their `Double`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      let members = try container.decode([String: JSONValue].self)
      self = .object(
        members.sorted { JSONText.keyPrecedes($0.key, $1.key) }.map { ($0.key, $0.value) })
    }
  }
}
