/// The unkeyed (array) container of ``OrderedJSONWriter``.
struct OrderedJSONUnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONValueBuilder
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  private var elementPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }
  private func put(_ value: JSONValue) { node.appendChild().content = .value(value) }

  mutating func encodeNil() throws { put(.null) }
  mutating func encode(_ value: Bool) throws { put(.bool(value)) }
  mutating func encode(_ value: String) throws { put(.string(value)) }
  mutating func encode(_ value: Double) throws {
    put(try OrderedJSONWriter.finite(value, elementPath))
  }
  mutating func encode(_ value: Float) throws {
    put(try OrderedJSONWriter.finite(value, elementPath))
  }
  mutating func encode(_ value: Int) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: Int8) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: Int16) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: Int32) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: Int64) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: UInt) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: UInt8) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: UInt16) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: UInt32) throws { put(.number(text: String(value))) }
  mutating func encode(_ value: UInt64) throws { put(.number(text: String(value))) }

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
