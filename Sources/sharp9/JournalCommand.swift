import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// `sharp9 journal`: the practice journal, per day and song, replayed from the sessions' logs.
struct JournalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "journal",
    abstract: "What you practised, per day and song.",
    discussion: """
      Replays every session and lists, per day (your local day) and song: the time spent \
      playing (not paused), the loop passes, the speed range heard and the takes recorded; \
      then a sparkline per song of the time practised on each day. --json prints JSON Lines, \
      one object per day and song: {"day", "song", "practisedSec", "loopPasses", "speedMin", \
      "speedMax", "takes"}.
      """)

  @Option(
    help: ArgumentHelp(
      "Only songs whose file name contains this (or whose SHA-256 starts with it).",
      valueName: "song"))
  var song: String?

  @Option(help: ArgumentHelp("Only from this day on (YYYY-MM-DD).", valueName: "date"))
  var since: String?

  @Flag(help: "Print JSON Lines, one object per day and song.")
  var json = false

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    if let since, Self.day(since) == nil {
      throw ValidationError("--since \(since) is not a day: give it as YYYY-MM-DD, e.g. 2026-11-01")
    }
  }

  func run() throws {
    let store = try database.open(.mustExist, for: "run `sharp9 journal`")
    let journal = try PracticeJournal.of(
      store, song: song, sinceDay: since.flatMap(Self.day), calendar: Calendar.current)
    let entries = journal.entries
    var output = StandardOutput()
    if json {
      for entry in entries { output.line(try Interchange.string(entry)) }
    } else if entries.isEmpty {
      output.line("no practice recorded" + (song.map { " for \($0)" } ?? ""))
    } else {
      for line in TextTable.lines(Self.rows(entries), rightAligned: [2, 3, 5], truncated: [1]) {
        output.line(line)
      }
      output.line("")
      for line in Self.sparklines(entries) { output.line(line) }
    }
    try output.flush()
  }

  /// `since` as the journal writes days (`2026-11-01`), or nil when it is not a real day.
  static func day(_ text: String) -> String? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      DateComponents(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day)
        .isValidDate
    else { return nil }
    return text
  }

  /// The table: one row per day and song.
  static func rows(_ entries: [JournalEntry]) -> [[String]] {
    [["DAY", "SONG", "PRACTISED", "PASSES", "SPEED", "TAKES"]]
      + entries.map { entry in
        let speeds =
          entry.speedMin == entry.speedMax
          ? formatSpeed(entry.speedMin)
          : formatSpeed(entry.speedMin).dropLast(2) + "–" + formatSpeed(entry.speedMax)
        return [
          entry.day, entry.song, duration(entry.practisedSec), String(entry.loopPasses), speeds,
          String(entry.takes),
        ]
      }
  }

  /// `1:02:05`, `12:30`, `0:45`: hours only when there are some, seconds truncated.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds)
    let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : String(value) }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
  }

  /// One line per song: its name, then a bar per day from the first day listed to the last
  /// (a space for a day without practice), as tall as that day's practice against the most.
  static func sparklines(_ entries: [JournalEntry]) -> [String] {
    let bars = Array("▁▂▃▄▅▆▇█")
    let days = Array(Set(entries.map(\.day))).sorted()
    guard let first = days.first, let last = days.last,
      let span = dayNumbers(from: first, to: last)
    else { return [] }
    let songs = Array(Set(entries.map(\.song))).sorted()
    let width = songs.map(\.count).max() ?? 0
    return songs.map { song in
      var practice = [Double](repeating: 0, count: span.count)
      for entry in entries where entry.song == song {
        if let index = span.firstIndex(of: entry.day) { practice[index] += entry.practisedSec }
      }
      let most = practice.max() ?? 0
      let line = practice.map { seconds -> Character in
        guard seconds > 0, most > 0 else { return " " }
        return bars[min(bars.count - 1, Int(seconds / most * Double(bars.count - 1)))]
      }
      let name = song + String(repeating: " ", count: width - song.count)
      return "\(name)  \(first) \(String(line)) \(last)"
    }
  }

  /// Every day from `first` to `last` (both `YYYY-MM-DD`), at most a year and a day of them.
  private static func dayNumbers(from first: String, to last: String) -> [String]? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    let journal = PracticeJournal(calendar: calendar)
    func date(_ day: String) -> Date? {
      let parts = day.split(separator: "-").compactMap { Int($0) }
      guard parts.count == 3 else { return nil }
      return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
    guard var current = date(first), let end = date(last) else { return nil }
    var days: [String] = []
    while current <= end, days.count <= 366 {
      days.append(journal.day(of: current))
      guard let next = calendar.date(byAdding: .day, value: 1, to: current) else { break }
      current = next
    }
    return days
  }
}
