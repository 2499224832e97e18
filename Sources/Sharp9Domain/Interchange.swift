import Foundation

/// The JSON coders of the interchange format: dates as ISO-8601 UTC with milliseconds, numbers
/// finite, absent optionals as `null` (the models' own `encode(to:)` write them).
///
/// `canonical` output (sorted keys, no whitespace) is what state hashes are computed over, so it
/// must never change for a given value.
public enum Interchange {
  /// An encoder for human-facing output: fields in declaration order, no whitespace.
  public static func encoder(canonical: Bool = false, pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    var formatting: JSONEncoder.OutputFormatting = [.withoutEscapingSlashes]
    if canonical { formatting.insert(.sortedKeys) }
    if pretty { formatting.insert(.prettyPrinted) }
    encoder.outputFormatting = formatting
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(formatDate(date))
    }
    encoder.nonConformingFloatEncodingStrategy = .throw
    return encoder
  }

  /// A decoder accepting ISO-8601 dates with or without fractional seconds.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = parseDate(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "\"\(text)\" is not an ISO-8601 date")
      }
      return date
    }
    return decoder
  }

  /// `2026-11-21T19:00:00.250Z`.
  public static func formatDate(_ date: Date) -> String {
    date.formatted(millisecondStyle)
  }

  /// Parses `2026-11-21T19:00:00Z` or `2026-11-21T19:00:00.250Z` (any UTC offset).
  public static func parseDate(_ text: String) -> Date? {
    (try? millisecondStyle.parse(text)) ?? (try? wholeSecondStyle.parse(text))
  }

  /// Encodes `value` as compact JSON text.
  public static func string<Value: Encodable>(_ value: Value, canonical: Bool = false) throws
    -> String
  {
    String(decoding: try encoder(canonical: canonical).encode(value), as: UTF8.self)
  }

  private static let millisecondStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  private static let wholeSecondStyle = Date.ISO8601FormatStyle()
}
