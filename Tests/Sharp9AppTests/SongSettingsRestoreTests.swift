import CustomDump
import Foundation
import Sharp9App
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// Opening a song again in a new session starts where its last session left it: the markers,
/// speed and pitch come back, recorded in the new session's log; the latest session of the same
/// content counts, never another song's.
@Suite struct SongSettingsRestoreTests {
  static let song = String(repeating: "ef", count: 32)
  static let info = AppCoreFixture.songInfo(sha256: song)

  private func open(_ fixture: AppCoreFixture, _ info: NewSessionInfo = info) throws -> AppCore {
    // Each session starts later than the one before: "the latest" is well defined.
    fixture.clock.elapsedSec += 100
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: SilentAudioEngine()), start: .new(info),
      reportsLoadResults: false)
    try core.send(.importPicked(url: AppCoreFixture.take))
    try core.send(.importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60)))
    return core
  }

  @Test func theLastSessionsMarkersSpeedAndPitchComeBack() throws {
    let fixture = try AppCoreFixture()
    let first = try open(fixture)
    #expect(first.state.markers.isEmpty)
    try first.send(.addMarker(timeSec: 12))
    try first.send(.addMarker(timeSec: 3.5))
    try first.send(.speedDelta(-0.25))
    try first.send(.pitchDelta(2))
    try first.finish()

    let second = try open(fixture)
    #expect(second.state.markers.map(\.timeSec) == [12, 3.5])
    #expect(second.state.transport.speed == 0.75)
    #expect(second.state.transport.pitchSemitones == 2)
    let session = try #require(second.session)
    // The log holds them: a replay from the store alone gives the same state.
    expectNoDifference(try fixture.store.state(of: session, at: nil), second.state)
    let actions = try fixture.store.events(of: session, after: 0, through: nil)
    var kinds: [Action.Kind] = []
    while let event = try actions.next() { kinds.append(event.action.kind) }
    #expect(kinds == [.importPicked, .importSucceeded, .songSettingsRestored])

    // The latest session counts: the second one's changes are what the third finds.
    try second.send(.deleteMarker(id: try #require(second.state.markers.first).id))
    try second.send(.setSpeed(1))
    try second.finish()
    let third = try open(fixture)
    #expect(third.state.markers.map(\.timeSec) == [3.5])
    #expect(third.state.transport.speed == 1)
    #expect(third.state.transport.pitchSemitones == 2)
  }

  /// A front end clocked by a device stamps the load with a frame's time, behind the core's
  /// clock: the restore is recorded at the load's time, so the next frame's action still fits.
  @Test func theRestoreIsRecordedAtTheLoadsTime() throws {
    let fixture = try AppCoreFixture()
    let first = try open(fixture)
    try first.send(.pitchDelta(-1))
    try first.finish()
    fixture.clock.elapsedSec += 100
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: SilentAudioEngine()), start: .new(Self.info),
      reportsLoadResults: false)
    fixture.clock.elapsedSec += 5
    try core.send(.importPicked(url: AppCoreFixture.take), at: 0.01)
    try core.send(.importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60)), at: 0.02)
    try core.send(.togglePlay, at: 0.03)
    let session = try #require(core.session)
    let events = try fixture.store.events(of: session, after: 0, through: nil)
    var stamped: [(Action.Kind, Double)] = []
    while let event = try events.next() { stamped.append((event.action.kind, event.t)) }
    #expect(
      stamped.map(\.0) == [.importPicked, .importSucceeded, .songSettingsRestored, .togglePlay])
    #expect(stamped.map(\.1) == [0.01, 0.02, 0.02, 0.03])
  }

  /// Another song, audio without a known hash, or a last session that changed nothing: the new
  /// session starts as every session does, and nothing is recorded for it.
  @Test func onlyTheSameSongsChangesComeBack() throws {
    let fixture = try AppCoreFixture()
    let first = try open(fixture)
    try first.send(.speedDelta(-0.5))
    try first.finish()
    var other = Self.info
    other.audio = RecordedAudio(
      path: "/music/other.wav", sha256: String(repeating: "01", count: 32))
    let elsewhere = try open(fixture, other)
    #expect(elsewhere.state.transport.speed == 1)
    try elsewhere.finish()
    var unknown = Self.info
    unknown.audio = nil
    #expect(try open(fixture, unknown).state.transport.speed == 1)

    let plain = try open(fixture, other)
    #expect(try #require(plain.session).eventCount == 2)
  }

  /// The terminal player's question and the page's offer name the same session: the latest on
  /// the song's content.
  @Test func theLatestSessionIsTheOneOffered() throws {
    let fixture = try AppCoreFixture()
    #expect(try SongHistory.latestSession(of: Self.song, in: fixture.store) == nil)
    let first = try open(fixture)
    try first.finish()
    let second = try open(fixture)
    try second.finish()
    let latest = try SongHistory.latestSession(of: Self.song, in: fixture.store)
    #expect(latest?.id == second.session?.id)
    let before = try SongHistory.latestSession(
      of: Self.song, in: fixture.store, excluding: second.session?.id)
    #expect(before?.id == first.session?.id)
  }
}
