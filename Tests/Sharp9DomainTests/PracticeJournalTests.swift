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
          speedMax: 0.5, loops: [LoopFigures(aSec: 0, bSec: 0, passes: 2)]),
        JournalEntry(
          day: "2026-11-21", song: "etude.wav", practisedSec: 40, loopPasses: 1, speedMin: 0.5,
          speedMax: 0.75, loops: [LoopFigures(aSec: 0, bSec: 0, passes: 1, bestSpeedInARow: 0.5)]),
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
          speedMax: 1, loops: [LoopFigures(aSec: 0, bSec: 0, passes: 1)])
      ])
  }

  /// A loop's best speed in a row is the highest speed `inARow` consecutive passes all reached;
  /// a pause, a seek or another loop breaks the run; loops are named after the song's saved
  /// loop with their points, else its section at A; pitches are the range heard.
  @Test func bestSpeedInARowAndNames() {
    func pass(
      _ w: Double, _ a: Double, _ b: Double, _ speed: Double, _ start: TimelineSegment.Start
    )
      -> [TimelineSegment]
    {
      [
        TimelineSegment(
          wallStartSec: w, wallEndSec: w + 10, sourceStartSec: a, sourceEndSec: b, speed: speed,
          pitchSemitones: -1.5, isPlaying: true, start: start)
      ]
    }
    let verse = (10.0, 20.0)
    let solo = (30.0, 34.0)
    let segments =
      pass(0, verse.0, verse.1, 0.5, .play) + pass(10, verse.0, verse.1, 0.6, .wrap)
      + pass(20, verse.0, verse.1, 0.6, .wrap) + pass(30, verse.0, verse.1, 0.7, .wrap)
      + pass(40, verse.0, verse.1, 0.9, .wrap)
      // A pause: the 0.9 pass and the next are not in a row.
      + [
        TimelineSegment(
          wallStartSec: 50, wallEndSec: 55, sourceStartSec: 10, sourceEndSec: 10, speed: 0.9,
          pitchSemitones: 0, isPlaying: false, start: .wrap),
        TimelineSegment(
          wallStartSec: 55, wallEndSec: 56, sourceStartSec: 10, sourceEndSec: 10, speed: 0.9,
          pitchSemitones: 0, isPlaying: false, start: .pause),
      ]
      + pass(56, verse.0, verse.1, 1.0, .play) + pass(66, verse.0, verse.1, 1.0, .wrap)
      + pass(76, solo.0, solo.1, 1.0, .seek) + pass(86, solo.0, solo.1, 1.0, .wrap)
      + pass(96, solo.0, solo.1, 1.0, .wrap) + pass(106, solo.0, solo.1, 1.0, .wrap)
      + [
        TimelineSegment(
          wallStartSec: 116, wallEndSec: 120, sourceStartSec: 30, sourceEndSec: 30, speed: 1,
          pitchSemitones: 0, isPlaying: false, start: .passesDone)
      ]
    var journal = PracticeJournal(calendar: Self.calendar("UTC"))
    journal.add(
      SessionPractice(segments: segments), song: "s",
      startedAt: Self.lateEvening.addingTimeInterval(-3600),
      marks: SongMarks(
        loops: [SavedLoop(name: "riff", aSec: 10, bSec: 20)],
        sections: [SongSection(name: "Solo", timeSec: 30)]))
    let entry = journal.entries.first
    // Verse passes end at 10 (0.5), 20, 30 (0.6), 40 (0.7), 50 (0.9) in a row, and at 66 (1.0)
    // after playing again. Runs of 3: 0.5–0.6–0.6, 0.6–0.6–0.7, 0.6–0.7–0.9 → 0.6. The solo's
    // four passes (86, 96, 106 and the stop at 116) run on at 1.0 after the seek.
    #expect(
      entry?.loops == [
        LoopFigures(aSec: 10, bSec: 20, name: "riff", passes: 6, bestSpeedInARow: 0.6),
        LoopFigures(aSec: 30, bSec: 34, name: "Solo", passes: 4, bestSpeedInARow: 1.0),
      ])
    #expect(entry?.pitchMin == -1.5 && entry?.pitchMax == -1.5)
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
