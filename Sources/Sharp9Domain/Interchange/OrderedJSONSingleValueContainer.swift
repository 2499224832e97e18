/// The single-value container of ``OrderedJSONWriter``.
struct OrderedJSONSingleValueContainer: SingleValueEncodingContainer, OrderedJSONScalarContainer {
  let node: JSONValueBuilder
  let codingPath: [any CodingKey]

  var valuePath: [any CodingKey] { codingPath }

  func put(_ value: JSONValue) { node.content = .value(value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try OrderedJSONWriter.encode(value, into: node, codingPath: codingPath)
  }
}
