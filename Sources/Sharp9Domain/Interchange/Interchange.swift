import Foundation

/// The JSON coders of the interchange format: dates as ISO-8601 UTC with milliseconds, numbers
/// finite, absent optionals as `null` (the models' own `encode(to:)` write them).
///
/// Two writers, both deterministic:
/// - ``string(_:pretty:)`` (``OrderedJSONEncoder``): keys in declaration order, `type` first;
///   what the CLI prints and session scripts contain.
/// - ``encoder(pretty:)`` (`JSONEncoder` with sorted keys): the canonical form that
///   state hashes are computed over, so it must never change for a given value.
///
/// `JSONEncoder` writes keys in hash order on Linux (different on every run), so it is only ever
/// used with `.sortedKeys`.
public enum Interchange {
  /// A `JSONEncoder` writing sorted keys (the canonical form), compact unless `pretty`. Keys are
  /// always sorted: unsorted `JSONEncoder` output changes from run to run. For keys in
  /// declaration order use ``string(_:pretty:)``.
  public static func encoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    var formatting: JSONEncoder.OutputFormatting = [.withoutEscapingSlashes, .sortedKeys]
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
  ///
  /// Rounded to the nearest millisecond: `Date`'s binary seconds put `startedAt + 6.05` a hair
  /// below `.050`, and `ISO8601FormatStyle` truncates, which would print `.049`. So the instant is
  /// rounded to whole milliseconds first and written by ``UTCTimestamp`` (years 1583–9999);
  /// other years have their whole seconds formatted by the style and the milliseconds appended.
  public static func formatDate(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    guard milliseconds.isFinite, abs(milliseconds) < 1e17 else {
      return date.formatted(millisecondStyle)
    }
    let whole = Int64(milliseconds)
    if let text = UTCTimestamp.text(milliseconds: whole) { return text }
    let (seconds, fraction) = (whole.floorDivided(by: 1000), whole.floorModulo(1000))
    let text = Date(timeIntervalSince1970: Double(seconds)).formatted(wholeSecondStyle)
    let digits = String(fraction)
    return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  /// Parses `2026-11-21T19:00:00Z` or `2026-11-21T19:00:00.250Z` (any UTC offset).
  public static func parseDate(_ text: String) -> Date? {
    if let milliseconds = UTCTimestamp.milliseconds(parsing: text) {
      // Whole seconds, then the fraction, both counted from 2001 as `Date` stores them: the
      // format style's own arithmetic, so the result is the same `Date` to the last bit.
      let seconds = milliseconds.floorDivided(by: 1000) - 978_307_200
      let fraction = Double(milliseconds.floorModulo(1000)) / 1000
      return Date(timeIntervalSinceReferenceDate: Double(seconds) + fraction)
    }
    return (try? millisecondStyle.parse(text)) ?? (try? wholeSecondStyle.parse(text))
  }

  /// `value` as JSON text with keys in declaration order (see ``OrderedJSONEncoder``).
  public static func string(_ value: some Encodable, pretty: Bool = false) throws -> String {
    try OrderedJSONEncoder(pretty: pretty).string(value)
  }

  /// `value` as compact JSON text: canonical (sorted keys, the hashed form) or in declaration
  /// order.
  public static func string(_ value: some Encodable, canonical: Bool) throws -> String {
    canonical
      ? String(decoding: try encoder().encode(value), as: UTF8.self)
      : try string(value)
  }

  private static let millisecondStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  private static let wholeSecondStyle = Date.ISO8601FormatStyle()
}

extension Int64 {
  /// The quotient rounded toward minus infinity (so dates before 1970 split correctly).
  func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }

  /// The remainder in `0..<divisor` matching ``floorDivided(by:)``.
  func floorModulo(_ divisor: Int64) -> Int64 {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}
