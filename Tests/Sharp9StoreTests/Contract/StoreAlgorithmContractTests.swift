import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The algorithms that only fold events (extensions of ``EventLog``) give the same answers on
/// every backend: each is run on the backend under test and on an in-memory SQLite store holding
/// the same session, and the answers compared.
@Suite struct StoreAlgorithmContractTests {
  /// The same session (id, start, events) in the backend under test and in SQLite.
  struct Pair {
    let fixture: ContractLog
    let reference: ContractLog
    let session: SessionRecord
    let referenceSession: SessionRecord

    init(_ backend: ContractBackend, count: Int = 120, seed: UInt64 = 5, interval: Int64 = 16)
      throws
    {
      fixture = try ContractLog(backend, interval: interval)
      reference = try ContractLog(.sqlite, interval: interval)
      let id = UUID()
      let actions = RandomSession.actions(count: count, seed: seed, session: id)
      session = try Self.recorded(actions, id: id, in: fixture)
      referenceSession = try Self.recorded(actions, id: id, in: reference)
    }

    /// Records `actions` and ends the session at its last event (checkpointed there).
    private static func recorded(
      _ actions: [(t: Double, action: Action)], id: UUID, in fixture: ContractLog
    ) throws -> SessionRecord {
      let session = try fixture.newSession(id: id)
      let writer = try fixture.log.writer(for: session)
      for (t, action) in actions {
        _ = try writer.append(action, at: t, expecting: writer.session.eventCount)
      }
      try writer.finish(at: session.startedAt.date + (actions.last?.t ?? 0))
      return try fixture.log.session(id: id)
    }
  }

  /// A replay's steps are the states `state(of:at:)` gives, from scratch and from any event.
  @Test(arguments: ContractBackend.available)
  func replayStepsAreTheStatesAtEachEvent(_ backend: ContractBackend) throws {
    let pair = try Pair(backend)
    let log = pair.fixture.log
    let replay = try log.replay(pair.session)
    var seen: Int64 = 0
    while let step = try replay.next() {
      seen += 1
      #expect(step.seq == seen)
      if step.seq % 10 == 0 { #expect(try log.state(of: pair.session, at: step.seq) == step.state) }
    }
    #expect(seen == 120)
    #expect(replay.state == (try log.state(of: pair.session, at: nil)))
    let resumed = try log.replay(pair.session, after: 77)
    #expect(try resumed.next()?.seq == 78)
    #expect(try resumed.finalState() == replay.state)
  }

  /// `exportScript` writes the same bytes from every backend.
  @Test(arguments: ContractBackend.available)
  func exportIsTheSameScriptOnEveryBackend(_ backend: ContractBackend) throws {
    let pair = try Pair(backend)
    func export(_ log: any EventLog, _ session: SessionRecord) throws -> String {
      var text = ""
      try log.exportScript(session) { text += $0 }
      return text
    }
    let exported = try export(pair.fixture.log, pair.session)
    #expect(exported.split(separator: "\n").count == 121)
    #expect(exported == (try export(pair.reference.log, pair.referenceSession)))
  }

  /// `verify` compares every checkpoint and finds none diverging; a checkpoint whose hash was
  /// changed is reported at its event.
  @Test(arguments: ContractBackend.available)
  func verifyComparesEveryCheckpointAndFindsAChangedOne(_ backend: ContractBackend) throws {
    let pair = try Pair(backend)
    let log = pair.fixture.log
    let checkpoints = try log.checkpoints(of: pair.session)
    #expect(
      checkpoints.map(\.seq)
        == (try pair.reference.log.checkpoints(of: pair.referenceSession)).map(\.seq))
    #expect(checkpoints.last?.seq == 120)
    let report = try log.verify(pair.session)
    #expect(report.divergence == nil)
    #expect(report.eventsReplayed == 120)
    #expect(report.checkpointsCompared == checkpoints.count)
    #expect(try log.checkpointSnapshot(of: pair.session, at: 121) == nil)

    let changed = checkpoints[2].seq
    try pair.fixture.execute(
      "UPDATE checkpoints SET state_sha256 = \(pair.fixture.zeroHash) WHERE seq = \(changed)")
    let damaged = try log.verify(pair.session)
    #expect(damaged.divergence?.seq == changed)
    #expect(damaged.divergence?.snapshotProblem == .hashMismatch)
  }

  /// `check`, the edit timeline and `locateDivergence` answer as they do on SQLite.
  @Test(arguments: ContractBackend.available)
  func checkAndEditTimelineAnswerAsOnSQLite(_ backend: ContractBackend) throws {
    let pair = try Pair(backend, count: 80, seed: 9)
    let log = pair.fixture.log
    let checked = try log.check(pair.session)
    #expect(checked.finding == nil)
    #expect(checked.eventsChecked == 80)
    #expect(
      try log.editTimeline(of: pair.session, at: 50)
        == pair.reference.log.editTimeline(of: pair.referenceSession, at: 50))
    #expect(
      try log.editTimeline(of: pair.session)
        == pair.reference.log.editTimeline(of: pair.referenceSession))
    #expect(
      throws: StoreError.sequenceOutOfRange(session: pair.session.idString, seq: 81, count: 80)
    ) {
      try log.editTimeline(of: pair.session, at: 81)
    }
  }

  /// A script imported into any backend exports to the same bytes, ends at its last event and
  /// verifies; a bad line or a script without actions stores nothing.
  @Test(arguments: ContractBackend.available)
  func importedScriptsExportTheSameBytes(_ backend: ContractBackend) throws {
    let pair = try Pair(backend, count: 90, seed: 13)
    var script = ""
    try pair.reference.log.exportScript(pair.referenceSession) { script += $0 }
    let log = pair.fixture.log
    let before = try log.sessions().count
    let imported = try log.importScript(
      Data(script.utf8), title: nil, defaultTitle: "fallback", sharp9Version: "test",
      audio: { RecordedAudio(path: $0) }, progress: { _ in })
    #expect(imported.eventCount == 90)
    #expect(imported.title == pair.referenceSession.title)
    #expect(imported.endedAt == UnixMilliseconds(imported.startedAt.date + imported.lastT))
    var again = ""
    try log.exportScript(imported) { again += $0 }
    #expect(again == script)
    #expect(try log.verify(imported).divergence == nil)

    let badLine = script + "{\"type\":\"setA\"}\n"
    #expect(throws: SessionScriptError.self) {
      try log.importScript(
        Data(badLine.utf8), title: nil, defaultTitle: "x", sharp9Version: "test",
        audio: { _ in nil }, progress: { _ in })
    }
    #expect(throws: StoreError.noActions) {
      try log.importScript(
        Data("\n\n".utf8), title: nil, defaultTitle: "x", sharp9Version: "test",
        audio: { _ in nil }, progress: { _ in })
    }
    #expect(try log.sessions().count == before + 1)
  }

  /// A fork holds the first events, re-homed, and exports as SQLite's fork does.
  @Test(arguments: ContractBackend.available)
  func forksAreTheSameOnEveryBackend(_ backend: ContractBackend) throws {
    let pair = try Pair(backend, count: 100, seed: 21)
    let fork = try pair.fixture.log.fork(pair.session, at: 60, sharp9Version: "test")
    let reference = try pair.reference.log.fork(
      pair.referenceSession, at: 60, sharp9Version: "test")
    #expect(fork.eventCount == 60)
    #expect(fork.title == reference.title)
    var forked = ""
    var expected = ""
    try pair.fixture.log.exportScript(fork) { forked += $0 }
    try pair.reference.log.exportScript(reference) { expected += $0 }
    #expect(forked == expected)
    #expect(try pair.fixture.log.verify(fork).divergence == nil)
    #expect(
      throws: StoreError.sequenceOutOfRange(session: pair.session.idString, seq: 0, count: 100)
    ) {
      try pair.fixture.log.fork(pair.session, at: 0, sharp9Version: "test")
    }
  }

  /// A session copied whole (a bundle's) keeps its id, row and events, and verifies; a copy
  /// onto an id that is taken, or with a time going back, stores nothing (a generator's
  /// sessions, each backend copied from SQLite and back).
  @Test(arguments: ContractBackend.available)
  func copiedSessionsKeepTheirRowAndEventsAllOrNothing(_ backend: ContractBackend) throws {
    let pair = try Pair(backend, count: 150, seed: 31)
    let target = try ContractLog(backend, interval: 16)
    var source = try pair.reference.log.session(id: pair.session.id)
    source.audio = RecordedAudio(
      path: "/music/take.wav", sha256: String(repeating: "ab", count: 32), frames: 441_000,
      sampleRate: 44_100, channels: 2)
    let events = try pair.reference.log.scriptedActions(of: source).actions.enumerated().map {
      NewEvent(
        id: NewEvent.derivedID(session: source.id, seq: Int64($0) + 1), t: $1.t, action: $1.action)
    }
    let copied = try target.log.copySession(source, events: events)
    #expect(copied.sameColumns(as: source), "\(copied) \(source)")
    #expect(copied.audio == source.audio)
    #expect(
      try target.log.scriptedActions(of: copied).actions.map(\.action)
        == events.map { $0.action })
    #expect(try target.log.verify(copied).divergence == nil)
    #expect(
      try target.log.state(of: copied, at: nil) == pair.reference.log.state(of: source, at: nil))

    #expect(throws: StoreError.conflict(session: source.idString, expected: 0, actual: 150)) {
      _ = try target.log.copySession(source, events: events)
    }
    var other = source
    other.id = UUID()
    var backwards = events
    backwards[120].t = 0
    #expect(throws: StoreError.self) { _ = try target.log.copySession(other, events: backwards) }
    #expect(throws: StoreError.sessionNotFound(other.idString)) {
      _ = try target.log.session(id: other.id)
    }
    #expect(try target.log.sessions().map(\.id) == [source.id])
  }
}

extension ContractLog {
  /// 32 zero bytes as a literal of the backend's SQL.
  var zeroHash: String {
    switch backend {
    case .sqlite: "zeroblob(32)"
    case .postgres: "'\\x" + String(repeating: "00", count: 32) + "'::bytea"
    }
  }

  /// Runs `sql` (no bound values) on the backend's own connection: tests that damage a store.
  func execute(_ sql: String) throws {
    switch log {
    case let store as EventStore: try store.database.execute(sql)
    case let store as PostgresStore: _ = try store.connection.simpleQuery(sql, "test statement")
    default: Issue.record("unknown backend \(backend)")
    }
  }
}
