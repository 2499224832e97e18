import Foundation

/// Encodes values as interchange JSON with object keys in the order the values encode them
/// (declaration order for the models, `type` first for actions and effects).
///
/// `JSONEncoder` cannot be used for this: on Linux it writes keys in hash order, which differs
/// between runs, so its output is only deterministic with `.sortedKeys` (what
/// ``Interchange/encoder(pretty:)`` uses for hashing). Dates are written as ISO-8601
/// UTC with milliseconds, `/` is not escaped, and NaN or infinite numbers are refused with an
/// `EncodingError` naming the field.
public struct OrderedJSONEncoder: Sendable {
  /// Whether to write one entry per line with two-space indents (`"key": value`).
  public var pretty: Bool

  /// Creates an encoder; compact by default.
  public init(pretty: Bool = false) {
    self.pretty = pretty
  }

  /// The JSON text of `value`.
  public func string(_ value: some Encodable) throws -> String {
    let root = OrderedJSONNode()
    try OrderedJSONWriter.encode(value, into: root, codingPath: [])
    var output = ""
    root.write(to: &output, pretty: pretty)
    return output
  }

  /// The JSON text of `value` as UTF-8.
  public func encode(_ value: some Encodable) throws -> Data {
    Data(try string(value).utf8)
  }
}
