import Foundation

/// Encodes values as interchange JSON, sharp9's own writer for any `Encodable`: object keys in
/// the order the values encode them (declaration order for the models, `type` first for actions
/// and effects), or sorted (the canonical form, ``Interchange/encoder()``).
///
/// Scalars are written by ``JSONText``, dates as ISO-8601 UTC with milliseconds, and NaN or
/// infinite numbers are refused with an `EncodingError` naming the field. Nothing here depends on
/// `JSONEncoder`, which on Linux writes unsorted keys in a different order on every run and whose
/// output a Foundation update could change.
public struct OrderedJSONEncoder: Sendable {
  /// Whether to write one entry per line with two-space indents (`"key": value`).
  public var pretty: Bool
  /// Whether object keys are sorted by their UTF-8 bytes (the canonical, hashed form) rather than
  /// kept in the order they were encoded.
  public var sortedKeys: Bool

  /// Creates an encoder; compact and in declaration order by default.
  public init(pretty: Bool = false, sortedKeys: Bool = false) {
    self.pretty = pretty
    self.sortedKeys = sortedKeys
  }

  /// `value` as a ``JSONValue``, members in the order they were encoded.
  public func jsonValue(_ value: some Encodable) throws -> JSONValue {
    let root = JSONValueBuilder()
    try OrderedJSONWriter.encode(value, into: root, codingPath: [])
    return root.value
  }

  /// The JSON text of `value`.
  public func string(_ value: some Encodable) throws -> String {
    var output = ""
    try jsonValue(value).write(to: &output, pretty: pretty, sortedKeys: sortedKeys)
    return output
  }

  /// The JSON text of `value` as UTF-8.
  public func encode(_ value: some Encodable) throws -> Data {
    Data(try string(value).utf8)
  }
}
