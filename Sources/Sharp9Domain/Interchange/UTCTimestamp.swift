/// The interchange's one date shape, `2026-11-21T19:00:00.250Z`, written and read by arithmetic on
/// the proleptic Gregorian calendar (Hinnant's `civil_from_days` / `days_from_civil`).
///
/// `Date.ISO8601FormatStyle` gives the same text, but its first use in a process sets up time-zone
/// and calendar caches: 3.2 ms on Linux, more than rebuilding a state from its snapshot, on every
/// CLI call that prints a date. This covers years 1583–9999 (Foundation's calendar is Julian
/// before the Gregorian reform of October 1582), the shape every sharp9 date has; ``Interchange``
/// falls back to the style for anything else (other years, UTC offsets, other fraction lengths).
/// Tests compare both on seeded random instants.
enum UTCTimestamp {
  /// The text of `milliseconds` since 1970 (UTC), or `nil` outside years 1583–9999.
  static func text(milliseconds: Int64) -> String? {
    let days = milliseconds.floorDivided(by: 86_400_000)
    let inDay = milliseconds.floorModulo(86_400_000)
    let (year, month, day) = civil(days: days)
    guard (1583...9999).contains(year) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    func digits(_ value: Int64, _ count: Int, then separator: UInt8) {
      var divisor: Int64 = 1
      for _ in 1..<count { divisor *= 10 }
      while divisor > 0 {
        bytes.append(UInt8(truncatingIfNeeded: 48 + value / divisor % 10))
        divisor /= 10
      }
      bytes.append(separator)
    }
    digits(year, 4, then: UInt8(ascii: "-"))
    digits(month, 2, then: UInt8(ascii: "-"))
    digits(day, 2, then: UInt8(ascii: "T"))
    digits(inDay / 3_600_000, 2, then: UInt8(ascii: ":"))
    digits(inDay / 60_000 % 60, 2, then: UInt8(ascii: ":"))
    digits(inDay / 1000 % 60, 2, then: UInt8(ascii: "."))
    digits(inDay % 1000, 3, then: UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Milliseconds since 1970 of `YYYY-MM-DDTHH:MM:SSZ` or `YYYY-MM-DDTHH:MM:SS.fffZ` with a valid
  /// date and time in years 1583–9999, or `nil` for any other text.
  static func milliseconds(parsing text: String) -> Int64? {
    var text = text
    return text.withUTF8 { bytes -> Int64? in
      guard bytes.count == 20 || bytes.count == 24, bytes[bytes.count - 1] == UInt8(ascii: "Z")
      else { return nil }
      func number(_ start: Int, _ count: Int, after separator: UInt8?) -> Int64? {
        if let separator, bytes[start - 1] != separator { return nil }
        var value: Int64 = 0
        for index in start..<start + count {
          let digit = bytes[index] &- UInt8(ascii: "0")
          guard digit < 10 else { return nil }
          value = value * 10 + Int64(digit)
        }
        return value
      }
      guard let year = number(0, 4, after: nil), let month = number(5, 2, after: UInt8(ascii: "-")),
        let day = number(8, 2, after: UInt8(ascii: "-")),
        let hour = number(11, 2, after: UInt8(ascii: "T")),
        let minute = number(14, 2, after: UInt8(ascii: ":")),
        let second = number(17, 2, after: UInt8(ascii: ":")),
        let fraction = bytes.count == 20 ? 0 : number(20, 3, after: UInt8(ascii: "."))
      else { return nil }
      guard year >= 1583, (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
        hour < 24, minute < 60, second < 60
      else { return nil }
      let days = daysSince1970(year: year, month: month, day: day)
      return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + fraction
    }
  }

  private static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = shifted.floorDivided(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let marchYear = month <= 2 ? year - 1 : year
    let era = marchYear.floorDivided(by: 400)
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
