import Foundation

/// A wall-clock instant as whole milliseconds since 1970, the way sessions store their times.
///
/// A session's start must come back bit-identical from the database (every event's `now` is the
/// start plus `t`, and replay must reproduce the recorder's states exactly), so the start is
/// rounded to a millisecond once, when the session is created, and ``date`` is always derived
/// from the integer the same way.
public struct UnixMilliseconds: Sendable, Equatable, Hashable, Comparable {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var value: Int64

  /// The values a stored time may hold: ECMAScript's `Date` range, ±8.64e15 ms (about ±274,000
  /// years). Arithmetic and `Date` conversions within it cannot overflow; a row read from a file
  /// from outside (a bundle) with another value is damage.
  public static let storable: ClosedRange<Int64> = -8_640_000_000_000_000...8_640_000_000_000_000

  /// Wraps a stored value.
  public init(value: Int64) { self.value = value }

  /// Rounds `date` to the nearest millisecond (so an ISO-8601 time with milliseconds maps back to
  /// exactly its own value).
  public init(_ date: Date) {
    value = Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// The instant as a `Date`, computed the same way on every run.
  public var date: Date { Date(timeIntervalSince1970: Double(value) / 1000) }

  /// Orders instants.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}
