/// The unkeyed (array) container of ``OrderedJSONWriter``.
struct OrderedJSONUnkeyedContainer: UnkeyedEncodingContainer, OrderedJSONScalarContainer {
  let node: JSONValueBuilder
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  private var elementPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }
  var valuePath: [any CodingKey] { elementPath }

  func put(_ value: JSONValue) { node.appendChild().content = .value(value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = elementPath
    try OrderedJSONWriter.encode(value, into: node.appendChild(), codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = elementPath
    let child = node.appendChild()
    child.becomeObject()
    return KeyedEncodingContainer(
      OrderedJSONKeyedContainer<NestedKey>(node: child, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = elementPath
    let child = node.appendChild()
    child.becomeArray()
    return OrderedJSONUnkeyedContainer(node: child, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let path = elementPath
    return OrderedJSONWriter(node: node.appendChild(), codingPath: path)
  }

  /// The coding key of an array element.
  private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}
