import Foundation

/// The `Encoder` behind ``OrderedJSONEncoder``: writes into an ``JSONValueBuilder`` tree.
struct OrderedJSONWriter: Encoder {
  let node: JSONValueBuilder
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.becomeObject()
    return KeyedEncodingContainer(
      OrderedJSONKeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.becomeArray()
    return OrderedJSONUnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    OrderedJSONSingleValueContainer(node: node, codingPath: codingPath)
  }

  /// Encodes `value` into `node`. Dates become interchange date strings (ISO-8601 UTC with
  /// milliseconds), non-finite numbers are refused, anything else encodes itself.
  static func encode(
    _ value: some Encodable, into node: JSONValueBuilder, codingPath: [any CodingKey]
  ) throws {
    switch value {
    case let date as Date:
      node.content = .value(.string(Interchange.formatDate(date)))
    case let number as Double: node.content = .value(try finite(number, codingPath))
    case let number as Float: node.content = .value(try finite(number, codingPath))
    case let url as URL: node.content = .value(.string(url.absoluteString))
    default: try value.encode(to: OrderedJSONWriter(node: node, codingPath: codingPath))
    }
  }

  /// The JSON number `value`, or an error naming the path when it is NaN or infinite.
  static func finite(
    _ value: some BinaryFloatingPoint & CustomStringConvertible, _ codingPath: [any CodingKey]
  ) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "must be a finite number"))
    }
    return .number(value)
  }
}
