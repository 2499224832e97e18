import CustomDump
import Foundation
import Sharp9App
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The core analyses a loaded song once and records the grid as an event at the load's time,
/// so a replay never analyses and a device-clocked front end never sees `t` jump.
@Suite struct BeatGridAnalysisTests {
  static let grid = BeatGrid.constant(tempo: 100, anchorSec: 0.3, durationSec: 60)

  @Test func theGridIsRecordedAtTheLoadsTimeAndReachesTheEngine() throws {
    let fixture = try AppCoreFixture()
    let engine = SilentAudioEngine()
    var asked: [URL] = []
    let core = try AppCore(
      dependencies: fixture.dependencies(
        engine: engine,
        analyzeBeats: { url in
          asked.append(url)
          return Self.grid
        }),
      start: .new(AppCoreFixture.info), reportsLoadResults: false)
    try core.send(.importPicked(url: AppCoreFixture.take), at: 0.005)
    let sent = try core.send(
      .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60)), at: 0.01)
    #expect(asked == [AppCoreFixture.take])
    #expect(
      sent.events.map(\.action) == [
        .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60)),
        .beatGridDetected(Self.grid),
      ])
    #expect(sent.events.map(\.t) == [0.01, 0.01])
    #expect(core.state.rhythm.detected == Self.grid)
    #expect(engine.calls.contains(.setBeatGrid(Self.grid)))
    // The next key, at the next frame, is accepted: t did not jump ahead while analysing.
    try core.send(.tapTempo, at: 0.02)
    let session = try #require(core.session)
    expectNoDifference(try fixture.store.state(of: session, at: nil), core.state)
    #expect(asked.count == 1, "a replay reads the grid from the log")
  }

  @Test func aFailedAnalysisRecordsNothing() throws {
    struct Unreadable: Error {}
    let fixture = try AppCoreFixture()
    let core = try AppCore(
      dependencies: fixture.dependencies(
        engine: SilentAudioEngine(), analyzeBeats: { _ in throw Unreadable() }),
      start: .new(AppCoreFixture.info), reportsLoadResults: false)
    try core.send(.importPicked(url: AppCoreFixture.take), at: 0)
    let sent = try core.send(
      .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60)), at: 0)
    #expect(sent.events.count == 1)
    #expect(core.state.rhythm.detected == nil)
  }
}
