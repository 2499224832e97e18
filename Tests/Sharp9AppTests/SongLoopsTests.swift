import CustomDump
import Foundation
import Sharp9App
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// A song's saved loops belong to the song: saved in one session, they are there when any later
/// session opens the same song (by content), are in that session's log, and survive the
/// session that made them.
@Suite struct SongLoopsTests {
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
    expectNoDifference(try fixture.store.songLoops(of: Self.song), saved)
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
      try fixture.store.songLoops(of: Self.song),
      [
        SavedLoop(name: "verse", aSec: 10, bSec: 20),
        SavedLoop(name: "refrain", aSec: 20, bSec: 30),
      ])
  }

  /// Another song, or audio without a known hash, has none of them; a continued session keeps
  /// what it had without a second restore.
  @Test func theLoopsAreTheSongsOnly() throws {
    let fixture = try AppCoreFixture()
    try fixture.store.recordSongLoops(
      [SavedLoop(name: "verse", aSec: 1, bSec: 2)], of: Self.song, from: nil,
      at: ManualClock.start)
    var other = Self.info
    other.audio = RecordedAudio(
      path: "/music/other.wav", sha256: String(repeating: "cd", count: 32))
    #expect(try open(fixture, .new(other)).state.savedLoops.isEmpty)
    var unknown = Self.info
    unknown.audio = nil
    #expect(try open(fixture, .new(unknown)).state.savedLoops.isEmpty)

    let first = try open(fixture, .new(Self.info))
    #expect(first.state.savedLoops.count == 1)
    try first.finish()
    let events = try #require(first.session).eventCount
    let continued = try open(fixture, .continuing(try #require(first.session)))
    #expect(continued.state.savedLoops.count == 1)
    #expect(try #require(continued.session).eventCount == events)
  }

  /// Recording the same list again appends nothing; a damaged stored list is an error naming
  /// the song, not a crash or an empty list.
  @Test func theStreamKeepsChangesOnlyAndRefusesDamage() throws {
    let fixture = try AppCoreFixture()
    let loops = [SavedLoop(name: "verse", aSec: 1, bSec: 2)]
    for _ in 0..<3 {
      try fixture.store.recordSongLoops(loops, of: Self.song, from: nil, at: ManualClock.start)
    }
    let count = try fixture.store.database.prepare(
      "SELECT count(*) FROM song_loop_events WHERE song_sha256 = ?")
    try count.bind(Self.song, at: 1)
    #expect(try count.step() && count.int64(0) == 1)
    try fixture.store.database.execute("UPDATE song_loop_events SET loops = '{\"no\":1}'")
    #expect(throws: StoreError.self) { try fixture.store.songLoops(of: Self.song) }
  }
}
