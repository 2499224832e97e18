/// The scalar encodes the single-value and unkeyed containers of ``OrderedJSONWriter`` share:
/// each puts one ``JSONValue`` (in place, or as the next array element).
protocol OrderedJSONScalarContainer {
  /// Stores one finished value.
  func put(_ value: JSONValue)
  /// The coding path a refused (non-finite) number is reported at.
  var valuePath: [any CodingKey] { get }
}

extension OrderedJSONScalarContainer {
  mutating func encodeNil() throws { put(.null) }
  mutating func encode(_ value: Bool) throws { put(.bool(value)) }
  mutating func encode(_ value: String) throws { put(.string(value)) }
  mutating func encode(_ value: Double) throws {
    put(try OrderedJSONWriter.finite(value, valuePath))
  }
  mutating func encode(_ value: Float) throws {
    put(try OrderedJSONWriter.finite(value, valuePath))
  }
  mutating func encode(_ value: Int) throws { put(.integer(value)) }
  mutating func encode(_ value: Int8) throws { put(.integer(value)) }
  mutating func encode(_ value: Int16) throws { put(.integer(value)) }
  mutating func encode(_ value: Int32) throws { put(.integer(value)) }
  mutating func encode(_ value: Int64) throws { put(.integer(value)) }
  mutating func encode(_ value: UInt) throws { put(.integer(value)) }
  mutating func encode(_ value: UInt8) throws { put(.integer(value)) }
  mutating func encode(_ value: UInt16) throws { put(.integer(value)) }
  mutating func encode(_ value: UInt32) throws { put(.integer(value)) }
  mutating func encode(_ value: UInt64) throws { put(.integer(value)) }
}
