import Foundation

/// The rule every backend applies to an event's time before storing it: finite, not negative,
/// not before the previous event's, and not past the last date an interchange file can write.
enum EventTime {
  /// Checks event `seq` at `t` after an event at `previous`, in a session started at `startedAt`.
  ///
  /// - Throws: ``StoreError/invalidTime(seq:t:previous:)`` or
  ///   ``StoreError/timeBeyondDates(seq:t:latest:)``.
  static func check(_ t: Double, seq: Int64, previous: Double, startedAt: Date) throws {
    guard t.isFinite, t >= 0, t >= previous else {
      throw StoreError.invalidTime(seq: seq, t: t, previous: previous)
    }
    let latest = StoreError.latestDate.timeIntervalSince(startedAt)
    guard t <= latest else { throw StoreError.timeBeyondDates(seq: seq, t: t, latest: latest) }
  }
}
