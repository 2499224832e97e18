/// The single-value container of ``OrderedJSONWriter``.
struct OrderedJSONSingleValueContainer: SingleValueEncodingContainer {
  let node: OrderedJSONNode
  let codingPath: [any CodingKey]

  private func put(_ text: String) { node.content = .scalar(text) }

  mutating func encodeNil() throws { put("null") }
  mutating func encode(_ value: Bool) throws { put(value ? "true" : "false") }
  mutating func encode(_ value: String) throws { put(JSONText.quoted(value)) }
  mutating func encode(_ value: Double) throws {
    put(try OrderedJSONWriter.finite(value, codingPath))
  }
  mutating func encode(_ value: Float) throws {
    put(try OrderedJSONWriter.finite(value, codingPath))
  }
  mutating func encode(_ value: Int) throws { put(String(value)) }
  mutating func encode(_ value: Int8) throws { put(String(value)) }
  mutating func encode(_ value: Int16) throws { put(String(value)) }
  mutating func encode(_ value: Int32) throws { put(String(value)) }
  mutating func encode(_ value: Int64) throws { put(String(value)) }
  mutating func encode(_ value: UInt) throws { put(String(value)) }
  mutating func encode(_ value: UInt8) throws { put(String(value)) }
  mutating func encode(_ value: UInt16) throws { put(String(value)) }
  mutating func encode(_ value: UInt32) throws { put(String(value)) }
  mutating func encode(_ value: UInt64) throws { put(String(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try OrderedJSONWriter.encode(value, into: node, codingPath: codingPath)
  }
}
