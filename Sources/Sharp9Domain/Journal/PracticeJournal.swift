import Foundation

/// The practice journal folded from sessions' playback timelines: per local day and song, the
/// time spent playing, the loop passes and the speeds heard. Pure: the calendar (and so the time
/// zone that decides where a day ends) comes in with the journal.
///
/// Rules:
/// - Practice is wall time while playing; a session playing across midnight counts on both days.
/// - A pass is a segment that began with a wrap at B or with the stop after the last asked-for
///   pass; it counts on the day the pass ended.
/// - Speeds and pitches are those of playing segments that last some time.
/// - A loop is its A and B; it is named after the song's saved loop with those points, else
///   its section starting at A. Its best speed in a row is the highest speed reached by
///   ``inARow`` consecutive passes (no pause, seek, stop or loop edit between them), each at that
///   speed or faster; the run counts on the day its last pass ended.
/// - Days with no playing time are not listed.
public struct PracticeJournal: Sendable {
  private struct Key: Hashable, Comparable {
    var day: String
    var song: String
    static func < (lhs: Key, rhs: Key) -> Bool { (lhs.day, lhs.song) < (rhs.day, rhs.song) }
  }

  private var totals: [Key: JournalEntry] = [:]
  private let calendar: Calendar
  /// How many passes in a row make a loop's best speed.
  public let inARow: Int

  /// The passes in a row that make a loop's best speed unless the musician says otherwise.
  public static let defaultInARow = 3

  /// An empty journal whose days are `calendar`'s (its time zone decides where each day ends),
  /// with best speeds over `inARow` passes in a row (at least 1).
  public init(calendar: Calendar, inARow: Int = defaultInARow) {
    self.calendar = calendar
    self.inARow = max(1, inARow)
  }

  /// Adds one session's practice, the session having started at `startedAt`; loops are named
  /// after the song's `marks`.
  public mutating func add(
    _ practice: SessionPractice, song: String, startedAt: Date, marks: SongMarks = SongMarks()
  ) {
    var run: [SessionPractice.Pass] = []
    for pass in practice.passes {
      let key = Key(day: day(of: startedAt.addingTimeInterval(pass.endSec)), song: song)
      run = pass.continuesRun ? run + [pass] : [pass]
      let best = run.count >= inARow ? run.suffix(inARow).map(\.speed).min() : nil
      update(key) { entry in
        entry.loopPasses += 1
        var figures =
          entry.loops.first { $0.aSec == pass.aSec && $0.bSec == pass.bSec }
          ?? LoopFigures(
            aSec: pass.aSec, bSec: pass.bSec, name: Self.name(pass, in: marks), passes: 0)
        figures.passes += 1
        if let best { figures.bestSpeedInARow = max(figures.bestSpeedInARow ?? best, best) }
        if let index = entry.loops.firstIndex(where: {
          $0.aSec == pass.aSec && $0.bSec == pass.bSec
        }) {
          entry.loops[index] = figures
        } else {
          entry.loops.append(figures)
        }
      }
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
          entry.pitchMin = min(entry.pitchMin, span.pitchSemitones)
          entry.pitchMax = max(entry.pitchMax, span.pitchSemitones)
        }
        from = until
      }
    }
  }

  /// The entries with playing time, by day then song, practice rounded to the millisecond,
  /// loops in the song's order (by A, then B).
  public var entries: [JournalEntry] {
    totals.keys.sorted().compactMap { key in
      guard var entry = totals[key], entry.practisedSec > 0 else { return nil }
      entry.practisedSec = (entry.practisedSec * 1000).rounded() / 1000
      entry.loops.sort { ($0.aSec, $0.bSec) < ($1.aSec, $1.bSec) }
      return entry
    }
  }

  /// The saved loop with the pass's points, else the section starting at its A.
  private static func name(_ pass: SessionPractice.Pass, in marks: SongMarks) -> String? {
    marks.loops.first { $0.aSec == pass.aSec && $0.bSec == pass.bSec }?.name
      ?? marks.sections.first { $0.timeSec == pass.aSec }?.name
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
        speedMax: -.infinity, pitchMin: .infinity, pitchMax: -.infinity)
    change(&entry)
    totals[key] = entry
  }

  /// `text` when it is a real day written as the journal writes days (`2026-11-01`), else nil:
  /// what a `since` given from outside must be.
  public static func validDay(_ text: String) -> String? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      DateComponents(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day)
        .isValidDate
    else { return nil }
    return text
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
