/// Converts the text of a JSON number (already checked against JSON's grammar) to the nearest
/// Double, exactly as `Double(_:)` does, without building a String for the common case.
///
/// The fast path is Clinger's: when the digits form an integer `m <= 2^53` and the decimal
/// exponent `e` is within ±22, both `m` and `10^|e|` are exact Doubles, so the one IEEE
/// multiplication or division `m * 10^e` is correctly rounded: the nearest Double, the same value
/// `strtod` finds. Script numbers (`12.533333`, `-0.05`, `30`) almost always qualify; anything
/// else (more than 15–16 significant digits, large exponents) goes to `Double(_:)`. The tests
/// compare both on edge values and random numbers.
enum JSONNumberText {
  /// The powers of ten a Double holds exactly.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of `text`, a complete JSON number; `nil` when a Double cannot hold it: beyond the
  /// largest finite Double (`1e400`), or so close to zero that it rounds to 0 (`1e-400`). Every
  /// reader of script numbers goes through here, so they all give the same verdict.
  static func value(_ text: Slice<UnsafeRawBufferPointer>) -> Double? {
    if let value = fastValue(text) { return value }
    guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value != 0 || !hasNonZeroDigit(text) ? value : nil
  }

  /// Whether the digits before the exponent include one other than 0 (a number that is not 0).
  private static func hasNonZeroDigit(_ text: Slice<UnsafeRawBufferPointer>) -> Bool {
    for byte in text {
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
      if byte &- UInt8(ascii: "1") < 9 { return true }
    }
    return false
  }

  /// The value by the exact fast path, or `nil` when the number is outside it.
  static func fastValue(_ text: Slice<UnsafeRawBufferPointer>) -> Double? {
    var index = text.startIndex
    let end = text.endIndex
    let negative = index < end && text[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var exponent = 0
    var inFraction = false
    while index < end {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte &- UInt8(ascii: "0") < 10 {
        let digit = UInt64(byte &- UInt8(ascii: "0"))
        if mantissa != 0 || digit != 0 {
          significantDigits += 1
          guard significantDigits <= 16 else { return nil }
          mantissa = mantissa * 10 + digit
        }
        if inFraction { exponent -= 1 }
      } else {
        break
      }
      index += 1
    }
    if index < end {
      // The exponent part: [eE][+-]?digits (the grammar was checked by the scanner).
      index += 1
      var exponentNegative = false
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      guard end - index <= 3 else { return nil }
      var written = 0
      while index < end {
        written = written * 10 + Int(text[index] &- UInt8(ascii: "0"))
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }
    guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return nil }
    var value = Double(mantissa)
    value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
    return negative ? -value : value
  }
}
