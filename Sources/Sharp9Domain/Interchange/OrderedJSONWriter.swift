import Foundation

/// The `Encoder` behind ``OrderedJSONEncoder``: writes into an ``OrderedJSONNode`` tree.
struct OrderedJSONWriter: Encoder {
  let node: OrderedJSONNode
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
    _ value: some Encodable, into node: OrderedJSONNode, codingPath: [any CodingKey]
  ) throws {
    switch value {
    case let date as Date:
      node.content = .scalar(JSONText.quoted(Interchange.formatDate(date)))
    case let number as Double: node.content = .scalar(try finite(number, codingPath))
    case let number as Float: node.content = .scalar(try finite(number, codingPath))
    case let url as URL: node.content = .scalar(JSONText.quoted(url.absoluteString))
    default: try value.encode(to: OrderedJSONWriter(node: node, codingPath: codingPath))
    }
  }

  /// The JSON text of `value`, or an error naming the path when it is NaN or infinite.
  static func finite(
    _ value: some BinaryFloatingPoint & CustomStringConvertible, _ codingPath: [any CodingKey]
  ) throws -> String {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "must be a finite number"))
    }
    return JSONText.number(value)
  }
}
