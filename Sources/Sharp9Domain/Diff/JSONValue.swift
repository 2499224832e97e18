import Foundation

/// A decoded JSON value, for comparing and printing states field by field without knowing their
/// Swift types (so a snapshot written by another sharp9 version can still be compared).
public indirect enum JSONValue: Sendable, Equatable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Decodes any JSON value.
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
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Parses JSON text.
  public static func parse(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// Compact JSON text with sorted keys; integral numbers print without a fraction (`2`, not
  /// `2.0`), as the interchange encoder writes them.
  public var text: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return OrderedJSONNode.number(value)
    case .string(let value):
      let encoded = try? JSONEncoder().encode(value)
      return encoded.map { String(decoding: $0, as: UTF8.self) } ?? "\"\(value)\""
    case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
    case .object(let fields):
      let members = fields.sorted { $0.key < $1.key }.map { key, value in
        JSONValue.string(key).text + ":" + value.text
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }
}
