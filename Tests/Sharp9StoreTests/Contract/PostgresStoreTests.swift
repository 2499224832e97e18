import Foundation
import NIOCore
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// What only the PostgreSQL backend promises beyond the contract: concurrent appends with one
/// winner and no drawn positions for the losers, idempotent retries by event id, a commit order
/// followers can trust, and batch appends.
@Suite(.enabled(if: ContractBackend.postgresEnabled, ContractBackend.postgresSkipReason))
struct PostgresStoreTests {
  /// N writers, each on its own connection, append at the same head at once: exactly one wins,
  /// every other gets the conflict, and no loser drew a `position` (the next append's position
  /// follows the winner's). `batched`: each writer appends three events with COPY instead of
  /// one through the statement.
  @Test(arguments: [false, true])
  func concurrentWritersAtOneHeadHaveExactlyOneWinner(batched: Bool) async throws {
    let fixture = try ContractLog(.postgres)
    let session = try fixture.newSession()
    let stored = try fixture.record(
      RandomSession.actions(count: 5, seed: 1, session: session.id), into: session)
    let writers = 8
    let location = try #require(fixture.location)
    let outcomes = LockedResults()
    let gate = StartGate(parties: writers)
    for index in 0..<writers {
      let thread = Thread {
        let writer = Result { try PostgresStore(location: location) }
        gate.arriveAndWait()
        do {
          let store = try writer.get()
          if batched {
            store.eventsPerCopy = 1
            let batch = (0..<3).map {
              NewEvent(id: UUID(), t: 10 + Double(index) + Double($0), action: .markNow)
            }
            _ = try store.append(batch, to: stored, expecting: 5)
          } else {
            _ = try store.writer(for: stored).append(.markNow, at: 10 + Double(index), expecting: 5)
          }
          outcomes.add(.success(index))
        } catch {
          outcomes.add(.failure(error))
        }
        gate.finish()
      }
      thread.start()
    }
    await gate.finished()

    let results = outcomes.all
    #expect(results.count == writers)
    let winners = results.compactMap { try? $0.get() }
    #expect(winners.count == 1)
    let added = batched ? 3 : 1
    let conflict = StoreError.conflict(
      session: session.idString, expected: 5, actual: 5 + Int64(added))
    for case .failure(let error) in results {
      #expect(error as? StoreError == conflict)
    }
    let head = try fixture.log.session(id: session.id)
    #expect(head.eventCount == 5 + Int64(added))
    _ = try fixture.record([(t: 100, action: .togglePlay)], into: head)
    let store = try #require(fixture.log as? PostgresStore)
    let positions = try store.connection.query(
      "SELECT position FROM events ORDER BY seq", "positions"
    ).map { try $0.decode(Int64.self) }
    #expect(positions == Array(1...Int64(6 + added)), "a loser drew a position")
  }

  /// A batch retried after a lost acknowledgement is acknowledged again and stored once; a
  /// partial overlap, or a batch at a stale head, is a conflict; a writer's single append
  /// retried with its event id is acknowledged with the same step.
  /// `byCopy`: the batches go through COPY (a stored id then fails the COPY, not the statement).
  @Test(arguments: [false, true])
  func retriedAppendsAreAcknowledgedNotStoredTwice(byCopy: Bool) throws {
    let fixture = try ContractLog(.postgres)
    let store = try #require(fixture.log as? PostgresStore)
    store.eventsPerCopy = byCopy ? 1 : .max
    let session = try fixture.newSession()
    let events = RandomSession.actions(count: 5, seed: 5, session: session.id).map {
      NewEvent(id: UUID(), t: $0.t, action: $0.action)
    }
    #expect(try store.append(Array(events[0..<3]), to: session, expecting: 0) == .appended(head: 3))
    #expect(
      try store.append(Array(events[0..<3]), to: session, expecting: 0) == .alreadyStored(head: 3))
    #expect(try store.session(id: session.id).eventCount == 3)

    let conflict = StoreError.conflict(session: session.idString, expected: 2, actual: 3)
    #expect(throws: conflict) {
      _ = try store.append(Array(events[2..<5]), to: session, expecting: 2)
    }
    #expect(throws: StoreError.conflict(session: session.idString, expected: 0, actual: 3)) {
      _ = try store.append(Array(events[3..<5]), to: session, expecting: 0)
    }
    // The same ids in another order are not a retry of what was stored.
    #expect(throws: StoreError.conflict(session: session.idString, expected: 0, actual: 3)) {
      _ = try store.append([events[1], events[0], events[2]], to: session, expecting: 0)
    }
    // At the right head, but holding an id stored already: a conflict, nothing stored.
    #expect(throws: StoreError.conflict(session: session.idString, expected: 3, actual: 3)) {
      _ = try store.append(Array(events[2..<4]), to: session, expecting: 3)
    }
    #expect(try store.append(Array(events[3..<5]), to: session, expecting: 3) == .appended(head: 5))

    // A writer whose acknowledgement was lost (it never learnt of its append) sends it again.
    let stored = try store.session(id: session.id)
    let id = UUID()
    let lost = try store.writer(for: stored)
    let first = try store.writer(for: stored).append(.markNow, at: 20, id: id, expecting: 5)
    let retried = try lost.append(.markNow, at: 20, id: id, expecting: 5)
    #expect(retried == first)
    #expect(lost.session.eventCount == 6)
    #expect(try store.session(id: session.id).eventCount == 6)
    #expect(try fixture.events(of: store.session(id: session.id)).count == 6)
  }

  /// Events a server of an earlier version stored under the derived ids of then
  /// (``NewEvent/hashedID(session:seq:)``) are recognized when a device sends them again with
  /// today's (``NewEvent/DerivedIDs``): acknowledged, not stored twice, nor refused as a
  /// conflict; today's ids of other seqs are still a conflict. `byCopy` as above.
  @Test(arguments: [false, true])
  func eventsStoredUnderEarlierDerivedIdsAreRecognized(byCopy: Bool) throws {
    let fixture = try ContractLog(.postgres)
    let store = try #require(fixture.log as? PostgresStore)
    store.eventsPerCopy = byCopy ? 1 : .max
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 6, seed: 27, session: session.id)
    func events(_ id: (Int64) -> UUID, _ seqs: ClosedRange<Int64>) -> [NewEvent] {
      seqs.map {
        NewEvent(id: id($0), t: actions[Int($0) - 1].t, action: actions[Int($0) - 1].action)
      }
    }
    let earlier = { NewEvent.hashedID(session: session.id, seq: $0) }
    let today = { NewEvent.derivedID(session: session.id, seq: $0) }
    #expect(
      try store.append(events(earlier, 1...4), to: session, expecting: 0) == .appended(head: 4))
    #expect(
      try store.append(events(today, 1...4), to: session, expecting: 0) == .alreadyStored(head: 4))
    #expect(
      try store.append(events(today, 3...4), to: session, expecting: 2) == .alreadyStored(head: 4))
    #expect(throws: StoreError.conflict(session: session.idString, expected: 1, actual: 4)) {
      _ = try store.append(events(today, 1...2), to: session, expecting: 1)
    }
    #expect(try store.append(events(today, 5...6), to: session, expecting: 4) == .appended(head: 6))
    #expect(
      try fixture.events(of: store.session(id: session.id)).map(\.action) == actions.map(\.action))
  }

  /// Processes importing one bundle at once (each its own connection, released together): every
  /// one succeeds, exactly one stores the session, the others find it present, even when one
  /// found it missing and then lost the insert to another.
  @Test func oneBundleImportedConcurrentlyIsStoredOnce() async throws {
    let fixture = try ContractLog(.postgres)
    let location = try #require(fixture.location)
    let source = try StoreFixture(.onDisk)
    let session = try source.newSession()
    _ = try source.record(
      RandomSession.actions(count: 40, seed: 41, session: session.id), into: session)
    let bundle = source.directory.appending(path: "shared.sharp9").path
    try SessionBundle.write(
      try source.store.session(id: session.id), from: source.store, to: bundle, withAudio: false,
      sharp9Version: "test")
    let audio = source.directory
    let importers = 6
    let outcomes = LockedResults()
    let gate = StartGate(parties: importers)
    for _ in 0..<importers {
      Thread {
        let store = Result { try PostgresStore(location: location) }
        gate.arriveAndWait()
        outcomes.add(
          Result {
            let result = try SessionBundle.importBundle(
              at: bundle, into: try store.get(), audioDirectory: audio)
            return result.alreadyPresent ? 0 : 1
          })
        gate.finish()
      }.start()
    }
    await gate.finished()
    let stored = try outcomes.all.map { try $0.get() }
    #expect(stored.sorted() == [0, 0, 0, 0, 0, 1])
    #expect(try fixture.log.sessions().map(\.id) == [session.id])
    #expect(try fixture.log.session(id: session.id).eventCount == 40)
  }

  /// A follower reading in commit order never skips an event committed late: while a writer
  /// holds its transaction open, events committed after it are held back, and once it commits
  /// the follower gets both, the late one first. Reading by `position` alone would have passed
  /// over it.
  @Test func followersNeverSkipAnEventCommittedLate() throws {
    let fixture = try ContractLog(.postgres)
    let follower = try #require(fixture.log as? PostgresStore)
    let slowSession = try fixture.newSession()
    let fastSession = try fixture.newSession()
    let slow = try fixture.anotherPostgresStore()
    let fast = try fixture.anotherPostgresStore()

    try slow.connection.simpleQuery("BEGIN", "hold a transaction open")
    _ = try slow.writer(for: slowSession).append(.onAppear, at: 1, expecting: 0)
    _ = try fast.writer(for: fastSession).append(.togglePlay, at: 2, expecting: 0)

    // The hazard is real: by position, the fast event is visible and the slow one's is not yet.
    let visible = try follower.connection.query(
      "SELECT position, session_id FROM events ORDER BY position", "positions"
    ).map { try $0.decode((Int64, UUID).self) }
    #expect(visible.count == 1 && visible.first?.1 == fastSession.id)
    #expect(visible.first?.0 == 2, "the slow writer drew position 1 first")
    #expect(try follower.eventsCommitted(after: .start).isEmpty)

    try slow.connection.simpleQuery("COMMIT", "commit the held transaction")
    var read: [CommittedEvent] = []
    var position = CommitPosition.start
    // Another test's transaction running at this moment may hold both back a little longer.
    for _ in 0..<100 where read.count < 2 {
      let page = try follower.eventsCommitted(after: position, limit: 1)
      read += page
      position = page.last?.position ?? position
      if page.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(read.map(\.session) == [slowSession.id, fastSession.id])
    #expect(read.map(\.event.action) == [.onAppear, .togglePlay])
    #expect(try follower.eventsCommitted(after: position).isEmpty)
  }

  /// A batch larger than one statement is stored all or nothing, checkpointed as the policy
  /// says, and its state at any event is the fold of its events.
  /// `byCopy`: the batch is streamed with COPY instead.
  @Test(arguments: [false, true])
  func batchAppendsSpanStatementsAndCheckpoint(byCopy: Bool) throws {
    let fixture = try ContractLog(.postgres, interval: 100)
    let store = try #require(fixture.log as? PostgresStore)
    store.eventsPerStatement = 64
    store.eventsPerCopy = byCopy ? 1 : .max
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 1000, seed: 9, session: session.id)
    let events = actions.map { NewEvent(id: UUID(), t: $0.t, action: $0.action) }
    #expect(try store.append(events, to: session, expecting: 0) == .appended(head: 1000))
    let stored = try store.session(id: session.id)
    #expect(stored.eventCount == 1000 && stored.lastT == actions.last?.t)
    let checkpoints = try store.connection.query(
      "SELECT seq FROM checkpoints ORDER BY seq", "checkpoints"
    ).map { try $0.decode(Int64.self) }
    #expect(checkpoints == Array(stride(from: 100, through: 1000, by: 100)))
    let folds = foldsFromScratch(actions, session: stored)
    for seq in [0, 1, 99, 100, 101, 555, 999, 1000] {
      #expect(try store.state(of: stored, at: Int64(seq)) == folds[seq], "state at \(seq)")
    }

    // A batch whose last event goes back in time stores none of its events.
    let bad = [
      NewEvent(id: UUID(), t: 5000, action: .markNow), NewEvent(id: UUID(), t: 1, action: .markNow),
    ]
    #expect(throws: StoreError.invalidTime(seq: 1002, t: 1, previous: 5000)) {
      _ = try store.append(bad, to: stored, expecting: 1000)
    }
    #expect(try store.session(id: session.id).eventCount == 1000)
  }

  /// A COPY streams its rows while the events are reduced (many buffers for this batch): an
  /// event refused after thousands of rows went to the server stores none of the batch; a batch
  /// retried whole, which the server refuses while its rows are still being made, is
  /// acknowledged; and the connection serves the next append after each.
  @Test func streamedBatchesAreAllOrNothing() throws {
    let fixture = try ContractLog(.postgres)
    let store = try #require(fixture.log as? PostgresStore)
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 20_000, seed: 11, session: session.id)
    let events = actions.map { NewEvent(id: UUID(), t: $0.t, action: $0.action) }
    var bad = events
    bad[15_000] = NewEvent(id: UUID(), t: 0, action: .markNow)
    #expect(throws: StoreError.invalidTime(seq: 15_001, t: 0, previous: actions[14_999].t)) {
      _ = try store.append(bad, to: session, expecting: 0)
    }
    #expect(try store.session(id: session.id).eventCount == 0)
    #expect(try fixture.events(of: session).isEmpty)

    #expect(try store.append(events, to: session, expecting: 0) == .appended(head: 20_000))
    #expect(try store.append(events, to: session, expecting: 0) == .alreadyStored(head: 20_000))
    let stored = try store.session(id: session.id)
    #expect(try fixture.events(of: stored).map(\.action) == actions.map(\.action))
    #expect(try fixture.events(of: stored).map(\.t) == actions.map(\.t))
    let last = try #require(actions.last?.t)
    #expect(
      try store.append(
        [NewEvent(id: UUID(), t: last, action: .markNow)], to: stored, expecting: 20_000)
        == .appended(head: 20_001))
  }

  /// What the events' foreign key kept, the schema keeps with statement triggers (migration
  /// 0004): an event naming no session is refused, a session with events keeps its id, and
  /// deleting a session deletes its events and checkpoints.
  @Test func eventsBelongToASession() throws {
    let fixture = try ContractLog(.postgres, interval: 2)
    let store = try #require(fixture.log as? PostgresStore)
    let session = try fixture.record(
      [(1, .markNow), (2, .markNow), (3, .markNow)], into: fixture.newSession())
    func code(_ sql: String) -> String? {
      do {
        try store.connection.simpleQuery(sql, "test the schema")
        return nil
      } catch {
        return (error as? PostgresError)?.code
      }
    }
    #expect(
      code(
        """
        INSERT INTO events (session_id, seq, event_id, t, action)
        VALUES ('\(UUID())', 1, '\(UUID())', 0, '\\x00')
        """) == "23503")
    #expect(code("UPDATE sessions SET id = '\(UUID())' WHERE id = '\(session.id)'") == "23503")
    let other = try fixture.record([(1, .markNow)], into: fixture.newSession())
    func rows(_ table: String, of id: UUID) throws -> Int64 {
      try store.connection.query(
        "SELECT count(*) FROM \(unescaped: table) WHERE session_id = \(id)", "count"
      ).first?.decode(Int64.self) ?? -1
    }
    #expect(try rows("events", of: session.id) == 3 && rows("checkpoints", of: session.id) > 0)
    try store.deleteSession(session.id)
    #expect(try rows("events", of: session.id) == 0 && rows("checkpoints", of: session.id) == 0)
    #expect(try fixture.events(of: other).count == 1)
  }

  /// A schema migrated by a newer sharp9 is refused before anything is written; reopening an
  /// up-to-date schema applies nothing.
  @Test func schemasFromANewerSharp9AreRefused() throws {
    let fixture = try ContractLog(.postgres)
    let location = try #require(fixture.location)
    let store = try #require(fixture.log as? PostgresStore)
    #expect(
      try PostgresMigrations(migrations: Migration.postgres).migrate(
        store.connection, target: "test"
      ).isEmpty)
    try store.connection.simpleQuery(
      "INSERT INTO sharp9_migrations VALUES (99, 'from_the_future', 'x', 0)", "forge")
    #expect(
      throws: MigrationError.unknownMigration(
        path: location.description, id: 99, name: "from_the_future")
    ) { _ = try PostgresStore(location: location) }
  }
}

/// Lets N threads start together and the test wait for all of them (Foundation only: no
/// Dispatch).
final class StartGate: @unchecked Sendable {
  private let condition = NSCondition()
  private let parties: Int
  private var arrived = 0
  private var finished = 0

  init(parties: Int) { self.parties = parties }

  func arriveAndWait() {
    condition.lock()
    arrived += 1
    condition.broadcast()
    while arrived < parties { condition.wait() }
    condition.unlock()
  }

  func finish() {
    condition.lock()
    finished += 1
    condition.broadcast()
    condition.unlock()
  }

  func waitUntilFinished() {
    condition.lock()
    while finished < parties { condition.wait() }
    condition.unlock()
  }

  /// Waits until every party finished, on a thread of its own: a test must not block one of the
  /// few threads that run every test's tasks (two on a 2-core machine); two tests doing so at once
  /// hung the whole suite in CI.
  func finished() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        self.waitUntilFinished()
        done.resume()
      }.start()
    }
  }
}

/// Results collected from several threads.
final class LockedResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<Int, any Error>] = []

  func add(_ result: Result<Int, any Error>) { lock.withLock { results.append(result) } }
  var all: [Result<Int, any Error>] { lock.withLock { results } }
}
