/// The single-value container of ``OrderedJSONWriter``.
struct OrderedJSONSingleValueContainer: SingleValueEncodingContainer {
  let node: JSONValueBuilder
  let codingPath: [any CodingKey]

  private func put(_ value: JSONValue) { node.content = .value(value) }

  mutating func encodeNil() throws { put(.null) }
  mutating func encode(_ value: Bool) throws { put(.bool(value)) }
  mutating func encode(_ value: String) throws { put(.string(value)) }
  mutating func encode(_ value: Double) throws {
    put(try OrderedJSONWriter.finite(value, codingPath))
  }
  mutating func encode(_ value: Float) throws {
    put(try OrderedJSONWriter.finite(value, codingPath))
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
    try OrderedJSONWriter.encode(value, into: node, codingPath: codingPath)
  }
}
