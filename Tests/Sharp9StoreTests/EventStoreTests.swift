import CustomDump
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite struct EventStoreTests {
  @Test(arguments: StoreKind.allCases) func recordReplayAndStateAt(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind, interval: 4)
    let empty = try fixture.newSession()
    let actions: [(t: Double, action: Action)] = [
      (0, .importPicked(url: URL(fileURLWithPath: "/music/take.wav"))),
      (0.5, .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60))),
      (1, .togglePlay), (1.5, .tick(currentTimeSec: 0.5)), (2, .setA(timeSec: 10)),
      (2.5, .setB(timeSec: 4)), (3, .toggleLoopEnabled(true)), (3, .speedDelta(-0.05)),
      (4.25, .addMarker(timeSec: 7)),
    ]
    let session = try fixture.record(actions, into: empty)
    #expect(session.eventCount == 9)
    #expect(session.lastT == 4.25)

    let replay = try fixture.store.replay(session)
    var steps: [ReplayStep] = []
    while let step = try replay.next() { steps.append(step) }
    #expect(steps.map(\.seq) == Array(1...9))
    #expect(steps.map(\.t) == actions.map(\.t))
    #expect(steps.map(\.action) == actions.map(\.action))
    for (index, step) in steps.enumerated() {
      let expected = foldFromScratch(actions, session: session, through: index + 1)
      expectNoDifference(step.state, expected)
      expectNoDifference(try fixture.store.state(of: session, at: Int64(index + 1)), expected)
      var before = foldFromScratch(actions, session: session, through: index)
      let context = ActionContext(
        session: session.id, startedAt: session.startedAt.date, sequence: step.seq, t: step.t)
      #expect(step.effects == Reducer.reduce(into: &before, action: step.action, context: context))
    }
    expectNoDifference(try fixture.store.state(of: session, at: 0), State())
    expectNoDifference(try fixture.store.state(of: session), steps.last?.state)
    #expect(throws: StoreError.sequenceOutOfRange(session: session.idString, seq: 10, count: 9)) {
      try fixture.store.state(of: session, at: 10)
    }
  }

  @Test(arguments: StoreKind.allCases) func failedAppendChangesNothing(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    let recorder = try Recorder(store: fixture.store, session: try fixture.newSession())
    try recorder.send(.importPicked(url: URL(fileURLWithPath: "/a.wav")), at: 0)
    try recorder.send(.importSucceeded(track: TrackMeta(name: "a.wav", durationSec: 9)), at: 1)
    let state = recorder.state

    #expect(throws: StoreError.invalidTime(seq: 3, t: 0.5, previous: 1)) {
      try recorder.send(.togglePlay, at: 0.5)
    }
    #expect(throws: StoreError.conflict(session: recorder.session.idString, expected: 1, actual: 2))
    {
      try recorder.append(.togglePlay, at: 2, expecting: 1)
    }
    try fixture.store.database.execute("PRAGMA query_only = 1")
    #expect(throws: SQLiteError.self) { try recorder.send(.togglePlay, at: 2) }
    expectNoDifference(recorder.state, state)
    #expect(recorder.head == 2)
    try fixture.store.database.execute("PRAGMA query_only = 0")
    #expect(try recorder.send(.togglePlay, at: 2) == [.enginePlay])
    #expect(try fixture.store.session(id: recorder.session.id).eventCount == 3)
  }

  @Test(arguments: StoreKind.allCases) func sessionsByUniquePrefixAndDelete(kind: StoreKind) throws
  {
    let fixture = try StoreFixture(kind)
    let first = try fixture.newSession(title: "first")
    let second = try fixture.newSession(title: "second")
    #expect(try fixture.store.session(matching: first.idString) == first)
    #expect(try fixture.store.session(matching: first.idString.uppercased()) == first)
    #expect(try fixture.store.sessions().map(\.title).sorted() == ["first", "second"])
    let common = zip(first.idString, second.idString).prefix { $0 == $1 }.count
    let unique = String(first.idString.prefix(common + 1))
    #expect(try fixture.store.session(matching: unique) == first)
    if common > 0 {
      #expect(throws: StoreError.self) {
        try fixture.store.session(matching: String(first.idString.prefix(common)))
      }
    }
    #expect(throws: StoreError.sessionNotFound("zzz")) {
      try fixture.store.session(matching: "zzz")
    }

    _ = try fixture.record([(0, .onAppear), (1, .togglePlay)], into: first)
    try fixture.store.deleteSession(first.id)
    #expect(throws: StoreError.self) { try fixture.store.session(id: first.id) }
    let leftovers = try fixture.store.database.scalarText(
      "SELECT (SELECT count(*) FROM event_chunks) + (SELECT count(*) FROM checkpoints)")
    #expect(leftovers == "0")
    #expect(try fixture.store.sessions().map(\.id) == [second.id])
  }

  @Test func startTimesSurviveTheDatabaseExactly() throws {
    let fixture = try StoreFixture(.onDisk)
    let session = try fixture.store.createSession(
      NewSession(
        title: "t", startedAt: Date(timeIntervalSince1970: 1_763_751_600.123_456),
        sharp9Version: "test"))
    #expect(session.startedAt == UnixMilliseconds(value: 1_763_751_600_123))
    let parsed = try #require(Interchange.parseDate("2025-11-21T19:00:00.250Z"))
    #expect(UnixMilliseconds(parsed).date == UnixMilliseconds(UnixMilliseconds(parsed).date).date)
    #expect(Interchange.formatDate(UnixMilliseconds(parsed).date) == "2025-11-21T19:00:00.250Z")
  }

  @Test func defaultDatabasePath() {
    #expect(EventStore.defaultPath(environment: ["SHARP9_DB": "/x/y.sqlite"]) == "/x/y.sqlite")
    #expect(
      EventStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        == "/data/sharp9/sharp9.sqlite")
    #expect(
      EventStore.defaultPath(environment: ["HOME": "/home/u"])
        == "/home/u/.local/share/sharp9/sharp9.sqlite")
  }
}
