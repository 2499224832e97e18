import Foundation

/// The practice journal folded from sessions' playback timelines: per local day and song, the
/// time spent playing, the loop passes and the speeds heard. Pure: the calendar (and so the time
/// zone that decides where a day ends) comes in with the journal.
///
/// Rules:
/// - Practice is wall time while playing; a session playing across midnight counts on both days.
/// - A pass is a segment that began with a wrap at B or with the stop after the last asked-for
///   pass; it counts on the day the pass ended.
/// - Speeds are those of playing segments that last some time.
/// - Days with no playing time are not listed.
public struct PracticeJournal: Sendable {
  private struct Key: Hashable, Comparable {
    var day: String
    var song: String
    static func < (lhs: Key, rhs: Key) -> Bool { (lhs.day, lhs.song) < (rhs.day, rhs.song) }
  }

  private var totals: [Key: JournalEntry] = [:]
  private let calendar: Calendar

  /// An empty journal whose days are `calendar`'s (its time zone decides where each day ends).
  public init(calendar: Calendar) {
    self.calendar = calendar
  }

  /// Adds one session's practice, the session having started at `startedAt`.
  public mutating func add(_ practice: SessionPractice, song: String, startedAt: Date) {
    for endSec in practice.passEndsSec {
      let day = day(of: startedAt.addingTimeInterval(endSec))
      update(Key(day: day, song: song)) { $0.loopPasses += 1 }
    }
    for span in practice.spans {
      var from = startedAt.addingTimeInterval(span.startSec)
      let end = startedAt.addingTimeInterval(span.endSec)
      while from < end {
        let until = min(end, nextMidnight(after: from))
        update(Key(day: day(of: from), song: song)) { entry in
          entry.practisedSec += until.timeIntervalSince(from)
          entry.speedMin = min(entry.speedMin, span.speed)
          entry.speedMax = max(entry.speedMax, span.speed)
        }
        from = until
      }
    }
  }

  /// The entries with playing time, by day then song, practice rounded to the millisecond.
  public var entries: [JournalEntry] {
    totals.keys.sorted().compactMap { key in
      guard var entry = totals[key], entry.practisedSec > 0 else { return nil }
      entry.practisedSec = (entry.practisedSec * 1000).rounded() / 1000
      return entry
    }
  }

  /// Drops the entries `isIncluded` refuses (a `--since` filter).
  public mutating func keep(_ isIncluded: (JournalEntry) -> Bool) {
    totals = totals.filter { isIncluded($0.value) }
  }

  private mutating func update(_ key: Key, _ change: (inout JournalEntry) -> Void) {
    var entry =
      totals[key]
      ?? JournalEntry(
        day: key.day, song: key.song, practisedSec: 0, loopPasses: 0, speedMin: .infinity,
        speedMax: -.infinity)
    change(&entry)
    totals[key] = entry
  }

  /// `YYYY-MM-DD` of the day `date` falls on.
  public func day(of date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let digits = { (value: Int?, width: Int) in
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return digits(parts.year, 4) + "-" + digits(parts.month, 2) + "-" + digits(parts.day, 2)
  }

  private func nextMidnight(after date: Date) -> Date {
    let start = calendar.startOfDay(for: date)
    return calendar.date(byAdding: .day, value: 1, to: start) ?? date.addingTimeInterval(86_400)
  }
}
