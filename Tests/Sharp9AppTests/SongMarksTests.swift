import CustomDump
import Foundation
import Sharp9App
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// A song's saved loops and sections belong to the song: saved in one session, they are there
/// when any later session opens the same song (by content), are in that session's log, and
/// survive the session that made them.
@Suite struct SongMarksTests {
  static let song = String(repeating: "ab", count: 32)
  static let info = AppCoreFixture.songInfo(sha256: song)

  private func open(_ fixture: AppCoreFixture, _ start: AppCore.Start) throws -> AppCore {
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: SilentAudioEngine()), start: start,
      reportsLoadResults: false)
    if case .new = start {
      try core.send(.importPicked(url: AppCoreFixture.take))
      try core.send(.importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60)))
    }
    return core
  }

  @Test func loopsSavedInOneSessionComeBackInTheNextAndOutliveIt() throws {
    let fixture = try AppCoreFixture()
    let first = try open(fixture, .new(Self.info))
    try first.send(.setA(timeSec: 10))
    try first.send(.setB(timeSec: 20))
    try first.send(.saveLoop(name: "verse"))
    try first.send(.setA(timeSec: 30))
    try first.send(.saveLoop(name: "chorus"))
    try first.finish()
    let saved = [
      SavedLoop(name: "verse", aSec: 10, bSec: 20), SavedLoop(name: "chorus", aSec: 20, bSec: 30),
    ]
    expectNoDifference(try fixture.store.songMarks(of: Self.song).loops, saved)
    try fixture.store.deleteSession(try #require(first.session).id)

    let second = try open(fixture, .new(Self.info))
    expectNoDifference(second.state.savedLoops, saved)
    let session = try #require(second.session)
    // The log holds them: a replay from the store alone gives the same state.
    expectNoDifference(try fixture.store.state(of: session, at: nil), second.state)
    try second.send(.recallLoop(number: 2))
    #expect(second.state.loop == LoopPoints(aSec: 20, bSec: 30, enabled: true))
    try second.send(.deleteSavedLoop(number: 1))
    try second.send(.undo)
    try second.send(.renameSavedLoop(number: 2, name: "refrain"))
    expectNoDifference(
      try fixture.store.songMarks(of: Self.song).loops,
      [
        SavedLoop(name: "verse", aSec: 10, bSec: 20),
        SavedLoop(name: "refrain", aSec: 20, bSec: 30),
      ])
  }

  /// Another song, or audio without a known hash, has none of them; a continued session keeps
  /// what it had without a second restore.
  @Test func theLoopsAreTheSongsOnly() throws {
    let fixture = try AppCoreFixture()
    try fixture.store.recordSongMarks(
      SongMarks(
        loops: [SavedLoop(name: "verse", aSec: 1, bSec: 2)],
        sections: [SongSection(name: "Intro", timeSec: 0)]),
      of: Self.song, from: nil, at: ManualClock.start)
    var other = Self.info
    other.audio = RecordedAudio(
      path: "/music/other.wav", sha256: String(repeating: "cd", count: 32))
    #expect(try open(fixture, .new(other)).state.savedLoops.isEmpty)
    #expect(try open(fixture, .new(other)).state.sections.isEmpty)
    var unknown = Self.info
    unknown.audio = nil
    #expect(try open(fixture, .new(unknown)).state.savedLoops.isEmpty)
    #expect(try open(fixture, .new(unknown)).state.sections.isEmpty)

    let first = try open(fixture, .new(Self.info))
    #expect(first.state.savedLoops.count == 1)
    #expect(first.state.sections == [SongSection(name: "Intro", timeSec: 0)])
    try first.finish()
    let events = try #require(first.session).eventCount
    let continued = try open(fixture, .continuing(try #require(first.session)))
    #expect(continued.state.savedLoops.count == 1)
    #expect(continued.state.markers.count == 1)
    #expect(try #require(continued.session).eventCount == events)
  }

  /// Recording the same list again appends nothing; a damaged stored list is an error naming
  /// the song, not a crash or an empty list.
  @Test func theStreamKeepsChangesOnlyAndRefusesDamage() throws {
    let fixture = try AppCoreFixture()
    let marks = SongMarks(
      loops: [SavedLoop(name: "verse", aSec: 1, bSec: 2)],
      sections: [SongSection(name: "Solo", timeSec: 3)])
    for _ in 0..<3 {
      try fixture.store.recordSongMarks(marks, of: Self.song, from: nil, at: ManualClock.start)
    }
    let count = try fixture.store.database.prepare(
      "SELECT count(*) FROM song_loop_events WHERE song_sha256 = ?")
    try count.bind(Self.song, at: 1)
    #expect(try count.step() && count.int64(0) == 1)
    // An event written before sections existed has none.
    try fixture.store.database.execute("UPDATE song_loop_events SET sections = NULL")
    #expect(try fixture.store.songMarks(of: Self.song) == SongMarks(loops: marks.loops))
    try fixture.store.database.execute("UPDATE song_loop_events SET sections = '3'")
    #expect(throws: StoreError.self) { try fixture.store.songMarks(of: Self.song) }
    try fixture.store.database.execute("UPDATE song_loop_events SET loops = '{\"no\":1}'")
    #expect(throws: StoreError.self) { try fixture.store.songMarks(of: Self.song) }
  }

  /// Sections named in one session come back, as named markers, in the next session of the
  /// song; the log holds them (a replay alone gives the same state); renaming, deleting and
  /// undoing there reach the song's stream; a section can be looped up to the next one.
  @Test func sectionsNamedInOneSessionComeBackInTheNext() throws {
    let fixture = try AppCoreFixture()
    let first = try open(fixture, .new(Self.info))
    try first.send(.nameSection(timeSec: 12, name: "Verse"))
    try first.send(.addMarker(timeSec: 30))
    try first.send(.nameSection(timeSec: 30, name: "Chorus"))
    try first.send(.addMarker(timeSec: 45))
    try first.finish()
    let sections = [
      SongSection(name: "Verse", timeSec: 12), SongSection(name: "Chorus", timeSec: 30),
    ]
    expectNoDifference(try fixture.store.songMarks(of: Self.song).sections, sections)

    let second = try open(fixture, .new(Self.info))
    expectNoDifference(second.state.sections, sections)
    // The plain marker comes back from the last session's settings, not from the song's stream.
    #expect(second.state.markers.map(\.name) == ["Verse", "Chorus", nil])
    let session = try #require(second.session)
    expectNoDifference(try fixture.store.state(of: session, at: nil), second.state)
    try second.send(.loopSection(number: 1))
    #expect(second.state.loop == LoopPoints(aSec: 12, bSec: 30, enabled: true))
    try second.send(.nameSection(timeSec: 30, name: "Refrain"))
    let chorusID = try #require(second.state.markers.first { $0.timeSec == 30 }).id
    try second.send(.deleteMarker(id: try #require(second.state.markers.first?.id)))
    expectNoDifference(
      try fixture.store.songMarks(of: Self.song).sections,
      [SongSection(name: "Refrain", timeSec: 30)])
    try second.send(.undo)
    try second.send(.undo)
    expectNoDifference(try fixture.store.songMarks(of: Self.song).sections, sections)
    #expect(second.state.markers.contains { $0.id == chorusID && $0.name == "Chorus" })
  }
}
