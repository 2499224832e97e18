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
      playing (not paused), the loop passes, the speed and pitch ranges heard and the takes \
      recorded; under it each loop played through, named after the song's saved loop or \
      section there, with its passes and the highest speed it was played --in-a-row passes in \
      a row; then a sparkline per song of the time practised on each day. --json prints JSON \
      Lines, one object per day and song: {"day", "song", "practisedSec", "loopPasses", \
      "speedMin", "speedMax", "takes", "pitchMin", "pitchMax", "loops": [{"aSec", "bSec", \
      "name", "passes", "bestSpeedInARow"}]}.
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

  @Option(
    name: .customLong("in-a-row"),
    help: ArgumentHelp(
      "How many passes in a row make a loop's best speed (1 to 99).", valueName: "passes"))
  var inARow = PracticeJournal.defaultInARow

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    guard (1...99).contains(inARow) else {
      throw ValidationError(
        "--in-a-row \(inARow) is not 1 to 99: give how many passes in a row count")
    }
    if let since, PracticeJournal.validDay(since) == nil {
      throw ValidationError("--since \(since) is not a day: give it as YYYY-MM-DD, e.g. 2026-11-01")
    }
  }

  func run() throws {
    let store = try database.openLog(.mustExist)
    let journal = try PracticeJournal.of(
      store, song: song, sinceDay: since.flatMap(PracticeJournal.validDay),
      calendar: Calendar.current,
      inARow: inARow)
    let entries = journal.entries
    var output = StandardOutput()
    if json {
      for entry in entries { output.line(try Interchange.string(entry)) }
    } else if entries.isEmpty {
      output.line("no practice recorded" + (song.map { " for \($0)" } ?? ""))
    } else {
      for line in TextTable.lines(Self.rows(entries), rightAligned: [2, 3, 6], truncated: [1]) {
        output.line(line)
      }
      let loops = Self.loopRows(entries)
      if loops.count > 1 {
        output.line("")
        for line in TextTable.lines(loops, rightAligned: [3], truncated: [1, 2]) {
          output.line(line)
        }
      }
      output.line("")
      for line in Self.sparklines(entries) { output.line(line) }
    }
    try output.flush()
  }

  /// The table: one row per day and song.
  static func rows(_ entries: [JournalEntry]) -> [[String]] {
    [["DAY", "SONG", "PRACTISED", "PASSES", "SPEED", "PITCH", "TAKES"]]
      + entries.map { entry in
        [
          entry.day, entry.song, duration(entry.practisedSec), String(entry.loopPasses),
          range(entry.speedMin, entry.speedMax, formatSpeed),
          range(entry.pitchMin, entry.pitchMax, formatPitch), String(entry.takes),
        ]
      }
  }

  /// The loops table: one row per day, song and loop played through.
  static func loopRows(_ entries: [JournalEntry]) -> [[String]] {
    [["DAY", "SONG", "LOOP", "PASSES", "BEST IN A ROW"]]
      + entries.flatMap { entry in
        entry.loops.map { loop in
          let points = "\(formatTime(loop.aSec))–\(formatTime(loop.bSec))"
          return [
            entry.day, entry.song, loop.name.map { "\($0) (\(points))" } ?? points,
            String(loop.passes), loop.bestSpeedInARow.map(formatSpeed) ?? "-",
          ]
        }
      }
  }

  /// `0.50 x` or `0.50–0.80 x` (the unit once).
  private static func range(_ low: Double, _ high: Double, _ format: (Double) -> String)
    -> String
  {
    guard low != high else { return format(low) }
    let unit = format(high).split(separator: " ").last.map { " " + $0 } ?? ""
    return format(low).dropLast(unit.count) + "–" + format(high)
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
