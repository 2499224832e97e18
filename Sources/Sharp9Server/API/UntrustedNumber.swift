/// The one rule for a whole number that comes from outside (a query parameter, a header): plain
/// ASCII digits, at most ``maxDigits`` of them, within a range, or the request is refused with
/// 400. Nothing parsed here can make later arithmetic trap: the largest value, ``maxValue``, is
/// far from `Int64`'s bounds, so sums and differences of two of them stay in range.
enum UntrustedNumber {
  /// The largest number accepted: 2^53, beyond any session's event count and exact as a
  /// JavaScript number.
  static let maxValue: Int64 = 1 << 53

  /// More digits than this are refused without being converted.
  static let maxDigits = 16

  /// `text` as a number in `range` (within `0...maxValue`); 400 naming `name` otherwise.
  static func parse(
    _ text: some StringProtocol, name: String, in range: ClosedRange<Int64> = 0...maxValue
  ) throws -> Int64 {
    let digits = text.utf8
    guard !digits.isEmpty, digits.count <= maxDigits, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let value = Int64(String(text)), range.contains(value), value <= maxValue
    else {
      let shown = text.count > 24 ? "\(text.prefix(24))…" : String(text)
      throw APIFailure(
        .badRequest,
        "\(name) must be a whole number from \(range.lowerBound) to"
          + " \(min(range.upperBound, maxValue)), not \"\(shown)\"")
    }
    return value
  }
}
