/// The keyed container of ``OrderedJSONWriter``: entries in the order they are encoded.
struct OrderedJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONValueBuilder
  let codingPath: [any CodingKey]

  private func put(_ value: JSONValue, _ key: Key) {
    node.child(forKey: key.stringValue).content = .value(value)
  }

  mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws {
    put(.string(value), key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    put(try OrderedJSONWriter.finite(value, codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    put(try OrderedJSONWriter.finite(value, codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.integer(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.integer(value), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try OrderedJSONWriter.encode(
      value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.child(forKey: key.stringValue)
    child.becomeObject()
    return KeyedEncodingContainer(
      OrderedJSONKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.child(forKey: key.stringValue)
    child.becomeArray()
    return OrderedJSONUnkeyedContainer(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    OrderedJSONWriter(node: node.child(forKey: "super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    OrderedJSONWriter(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
  }
}
