import Foundation
import Testing

@testable import Sharp9Domain

/// The journal's fold against figures worked out by hand.
@Suite struct PracticeJournalTests {
  static func calendar(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
    return calendar
  }

  /// 2026-11-20 23:59:00 UTC.
  static let lateEvening = Date(timeIntervalSince1970: 1_795_219_140)

  static func segment(
    _ w0: Double, _ w1: Double, speed: Double = 1, playing: Bool = true,
    _ start: TimelineSegment.Start = .continued
  ) -> TimelineSegment {
    TimelineSegment(
      wallStartSec: w0, wallEndSec: w1, sourceStartSec: 0, sourceEndSec: 0, speed: speed,
      pitchSemitones: 0, isPlaying: playing, start: start)
  }

  @Test func playingAcrossMidnightCountsOnBothDays() {
    var journal = PracticeJournal(calendar: Self.calendar("UTC"))
    journal.add(
      [
        Self.segment(0, 10, playing: false, .load),
        Self.segment(10, 30, speed: 0.5, .play),
        Self.segment(30, 50, speed: 0.5, .wrap),
        Self.segment(50, 70, speed: 0.5, .wrap),  // midnight at 60
        Self.segment(70, 100, speed: 0.75, .wrap),
        Self.segment(100, 400, playing: false, .pause),
      ], song: "etude.wav", startedAt: Self.lateEvening)
    #expect(
      journal.entries == [
        JournalEntry(
          day: "2026-11-20", song: "etude.wav", practisedSec: 50, loopPasses: 2, speedMin: 0.5,
          speedMax: 0.5),
        JournalEntry(
          day: "2026-11-21", song: "etude.wav", practisedSec: 40, loopPasses: 1, speedMin: 0.5,
          speedMax: 0.75),
      ])
  }

  @Test func theTimeZoneDecidesTheDay() {
    var journal = PracticeJournal(calendar: Self.calendar("Asia/Tokyo"))
    journal.add(
      [Self.segment(0, 100, .play), Self.segment(100, 101, playing: false, .passesDone)], song: "a",
      startedAt: Self.lateEvening)
    #expect(
      journal.entries == [
        JournalEntry(
          day: "2026-11-21", song: "a", practisedSec: 100, loopPasses: 1, speedMin: 1,
          speedMax: 1)
      ])
  }

  @Test func songsAndDaysAreKeptApartAndSorted() {
    var journal = PracticeJournal(calendar: Self.calendar("UTC"))
    journal.add([Self.segment(0, 30, .play)], song: "b", startedAt: Self.lateEvening)
    journal.add([Self.segment(0, 20, .play)], song: "a", startedAt: Self.lateEvening)
    journal.add(
      [Self.segment(0, 5, speed: 2, .play)], song: "a",
      startedAt: Self.lateEvening.addingTimeInterval(3600))
    journal.add([Self.segment(0, 500, playing: false, .load)], song: "c", startedAt: .now)
    #expect(
      journal.entries.map { "\($0.day) \($0.song) \($0.practisedSec)" } == [
        "2026-11-20 a 20.0", "2026-11-20 b 30.0", "2026-11-21 a 5.0",
      ])
    journal.keep { $0.day >= "2026-11-21" }
    #expect(journal.entries.map(\.song) == ["a"])
  }
}

extension PracticeJournal {
  /// Adds the practice of `segments`, as a session summarises them.
  fileprivate mutating func add(_ segments: [TimelineSegment], song: String, startedAt: Date) {
    add(SessionPractice(segments: segments), song: song, startedAt: startedAt)
  }
}
