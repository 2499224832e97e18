import CustomDump
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store
import Testing

@Suite struct AppCoreTests {
  @Test func effectsReachTheEngineOnlyAfterTheEventIsStored() throws {
    let fixture = try AppCoreFixture()
    let engine = SilentAudioEngine()
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: engine), start: .new(AppCoreFixture.info),
      reportsLoadResults: false)
    var seen: [(Int64, Int64)] = []
    core.observe { core in
      let stored = (try? fixture.store.session(id: core.session?.id ?? UUID()))?.eventCount ?? -1
      seen.append((core.session?.eventCount ?? -1, stored))
    }
    let actions: [(t: Double, action: Action)] = [
      (0, .importPicked(url: AppCoreFixture.take)),
      (0.5, .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60))),
      (1, .togglePlay), (2, .setA(timeSec: 10)), (2.5, .setB(timeSec: 14)),
      (3, .toggleLoopEnabled(true)), (3.5, .speedDelta(-0.05)), (4, .pitchDelta(1)),
      (5, .skip(seconds: 5)), (6, .togglePlay),
    ]
    var effects: [Effect] = []
    for (t, action) in actions {
      fixture.clock.elapsedSec = t
      effects += try core.send(action).effects
    }

    let session = try #require(core.session)
    #expect(session.id.uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(session.startedAt.date == ManualClock.start)
    #expect(seen.map(\.0) == Array(1...10))
    #expect(seen.map(\.1) == Array(1...10))
    #expect(engine.calls == effects.compactMap(Self.call))
    #expect(engine.calls.contains(.setLoop(aSec: 10, bSec: 14, enabled: true)))
    expectNoDifference(core.state, fold(actions, session: session))
    expectNoDifference(try fixture.store.state(of: session), core.state)
  }

  @Test func aFailedAppendChangesNothing() throws {
    let fixture = try AppCoreFixture()
    let engine = SilentAudioEngine()
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: engine), start: .new(AppCoreFixture.info),
      reportsLoadResults: false)
    try core.send(.importPicked(url: AppCoreFixture.take), at: 2)
    var notified = 0
    core.observe { _ in notified += 1 }
    let (state, calls) = (core.state, engine.calls)

    #expect(throws: StoreError.invalidTime(seq: 2, t: 1, previous: 2)) {
      try core.send(.togglePlay, at: 1)
    }
    expectNoDifference(core.state, state)
    #expect(engine.calls == calls)
    #expect(notified == 0)
    #expect(core.session?.eventCount == 1)
  }

  /// Asked for, the effects reach the engine before the commit and `beforeCommit` runs after
  /// them; its error aborts the append (state, head and observers untouched, the engine's calls
  /// made) and the same action then goes through with the same sequence number.
  @Test func effectsBeforeTheCommitWhenAskedAndAnAbortedAppendIsNotStored() throws {
    struct TakenBack: Error {}
    let fixture = try AppCoreFixture()
    let engine = SilentAudioEngine()
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: engine), start: .new(AppCoreFixture.info),
      reportsLoadResults: false)
    try core.send(.importPicked(url: AppCoreFixture.take), at: 0)
    try core.send(.importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60)), at: 0)
    var notified = 0
    core.observe { _ in notified += 1 }
    let state = core.state
    let calls = engine.calls.count

    var callsBeforeCommit: [SilentAudioEngine.Call] = []
    #expect(throws: TakenBack.self) {
      try core.send(.togglePlay, at: 1) {
        callsBeforeCommit = Array(engine.calls.dropFirst(calls))
        throw TakenBack()
      }
    }
    #expect(callsBeforeCommit == [.play])
    expectNoDifference(core.state, state)
    #expect(core.session?.eventCount == 2 && notified == 0)

    let sent = try core.send(.togglePlay, at: 1.5) {
      #expect(!core.state.transport.isPlaying, "the state moves once the event is committed")
    }
    #expect(sent.events.map(\.seq) == [3] && notified == 1)
    #expect(engine.calls.dropFirst(calls) == [.play, .play], "the effects are performed once")
    #expect(core.state.transport.isPlaying)
  }

  @Test func theClockStampsEventsAndNeverGoesBehindTheLastOne() throws {
    let fixture = try AppCoreFixture()
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: SilentAudioEngine()),
      start: .new(AppCoreFixture.info))
    fixture.clock.elapsedSec = 1.5
    #expect(try core.send(.onAppear).events.map(\.t) == [1.5])
    #expect(try core.send(.onAppear, at: 9).events.map(\.t) == [9])
    fixture.clock.elapsedSec = 2
    #expect(try core.send(.onAppear).events.map(\.t) == [9])
  }

  @Test func loadResultsComeBackAsActions() throws {
    let fixture = try AppCoreFixture()
    let engine = ReportingEngine { url in TrackMeta(name: url.lastPathComponent, durationSec: 42) }
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: engine), start: .new(AppCoreFixture.info))
    let sent = try core.send(.importPicked(url: AppCoreFixture.take), at: 1)

    #expect(
      sent.events.map(\.action) == [
        .importPicked(url: AppCoreFixture.take),
        .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 42)),
      ])
    #expect(sent.failures.isEmpty)
    #expect(core.state.track == TrackMeta(name: "take.wav", durationSec: 42))
    #expect(core.session?.eventCount == 2)
  }

  @Test func aFailedLoadIsRecordedAndReturned() throws {
    struct Unreadable: Error {}
    let fixture = try AppCoreFixture()
    let engine = ReportingEngine { _ in throw Unreadable() }
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: engine), start: .new(AppCoreFixture.info))
    let sent = try core.send(.importPicked(url: AppCoreFixture.take), at: 1)

    #expect(sent.events.count == 2)
    guard case .importFailed = sent.events.last?.action else {
      Issue.record("expected importFailed, got \(String(describing: sent.events.last?.action))")
      return
    }
    #expect(sent.failures.map(\.effect) == [.engineLoad(url: AppCoreFixture.take)])
    #expect(sent.failures.first?.error is Unreadable)
  }

  @Test func withoutLoadReportsTheLoadErrorIsStillReturned() throws {
    struct Unreadable: Error {}
    let fixture = try AppCoreFixture()
    let engine = ReportingEngine { _ in throw Unreadable() }
    let core = try AppCore(
      dependencies: fixture.dependencies(engine: engine), start: .new(AppCoreFixture.info),
      reportsLoadResults: false)
    let sent = try core.send(.importPicked(url: AppCoreFixture.take), at: 1)

    #expect(sent.events.map(\.action) == [.importPicked(url: AppCoreFixture.take)])
    #expect(sent.failures.map(\.effect) == [.engineLoad(url: AppCoreFixture.take)])
  }

  @Test func aContinuedSessionResumesItsStateAndHead() throws {
    let fixture = try AppCoreFixture()
    let first = try AppCore(
      dependencies: fixture.dependencies(engine: SilentAudioEngine()),
      start: .new(AppCoreFixture.info), reportsLoadResults: false)
    try first.send(.importPicked(url: AppCoreFixture.take), at: 0)
    try first.send(.importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 9)), at: 1)
    try first.finish()
    let session = try #require(first.session)

    let second = try AppCore(
      dependencies: fixture.dependencies(engine: SilentAudioEngine()),
      start: .continuing(session))
    expectNoDifference(second.state, first.state)
    let sent = try second.send(.setA(timeSec: 2))
    #expect(sent.events.map(\.seq) == [3])
    expectNoDifference(try fixture.store.state(of: second.session ?? session), second.state)
  }

  @Test func peaksAreComputedForTheLoadedFile() throws {
    let fixture = try AppCoreFixture()
    var asked: [URL] = []
    let peaks = WaveformPeaks(
      min: [-1, -0.5], max: [1, 0.5], buckets: 2, durationSec: 1)
    let engine = ReportingEngine { url in TrackMeta(name: url.lastPathComponent, durationSec: 1) }
    let core = try AppCore(
      dependencies: fixture.dependencies(
        engine: engine,
        computePeaks: { url in
          asked.append(url)
          return peaks
        }),
      start: .new(AppCoreFixture.info))
    try core.send(.importPicked(url: AppCoreFixture.take), at: 0)

    #expect(asked == [AppCoreFixture.take])
    #expect(core.peaks == peaks)
  }

  private static func call(_ effect: Effect) -> SilentAudioEngine.Call? {
    switch effect {
    case .engineLoad(let url): .load(url)
    case .enginePlay: .play
    case .enginePause: .pause
    case .engineSeek(let time): .seek(time)
    case .engineSetRate(let rate): .setRate(rate)
    case .engineSetPitchSemitones(let semitones): .setPitchSemitones(semitones)
    case .engineSetLoop(let a, let b, let enabled): .setLoop(aSec: a, bSec: b, enabled: enabled)
    case .engineSetLoopPractice(let practice): .setLoopPractice(practice)
    case .engineSetBeatGrid(let grid): .setBeatGrid(grid)
    case .engineSetClicks(let clicks): .setClicks(clicks)
    case .engineSetTakeMix(let take, let balance): .setTakeMix(take: take, balance: balance)
    case .computePeaks: nil
    }
  }
}
