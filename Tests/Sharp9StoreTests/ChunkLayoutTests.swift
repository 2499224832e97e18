import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// Events packed in chunk rows: reads and writes around chunk edges, reopening a partial tail,
/// conflicts between writers, damage detection. A capacity of 4 reaches every edge with few
/// events; the checkpoint interval of 3 puts snapshots on and off the edges.
@Suite struct ChunkLayoutTests {
  private func fixture(_ kind: StoreKind = .inMemory, capacity: Int = 4) throws -> StoreFixture {
    let fixture = try StoreFixture(kind, interval: 3)
    fixture.store.chunkCapacity = capacity
    return fixture
  }

  /// Sessions of 0...9 events, recorded live and imported: the layout, every `state --at`, every
  /// range of events and the export all agree with folding the same actions in memory.
  @Test(arguments: [0, 1, 3, 4, 5, 8, 9]) func everyPointAndRangeAroundChunkEdges(count: Int)
    throws
  {
    let fixture = try fixture()
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: count, seed: UInt64(count), session: session.id)
      .prefix(count).map { $0 }
    let recorded = try fixture.record(actions, into: session)
    let expectedLayout = stride(from: 0, to: count, by: 4).map { "\($0 + 1):\(min(4, count - $0))" }
    #expect(try ChunkSurgery.layout(of: recorded, in: fixture.store) == expectedLayout)

    let states = foldsFromScratch(actions, session: recorded)
    for seq in 0...count {
      #expect(try fixture.store.state(of: recorded, at: Int64(seq)) == states[seq], "at \(seq)")
      for through in seq...count {
        let cursor = try fixture.store.events(
          of: recorded, after: Int64(seq), through: Int64(through))
        var read: [StoredEvent] = []
        while let event = try cursor.next() { read.append(event) }
        #expect(try cursor.next() == nil)
        let expected = (seq..<through).map {
          StoredEvent(seq: Int64($0 + 1), t: actions[$0].t, action: actions[$0].action)
        }
        #expect(read == expected, "events \(seq + 1)...\(through)")
      }
    }

    // An import of the export has the same layout and exports byte-identically (a script
    // without actions is refused: a session needs one).
    var exported = ""
    try fixture.store.exportScript(recorded) { exported += $0 }
    guard count > 0 else {
      #expect(throws: StoreError.noActions) {
        try fixture.store.importScript(
          exported, title: nil, defaultTitle: "import", sharp9Version: "test")
      }
      return
    }
    let imported = try fixture.store.importScript(
      exported, title: nil, defaultTitle: "import", sharp9Version: "test")
    #expect(try ChunkSurgery.layout(of: imported, in: fixture.store) == expectedLayout)
    var reexported = ""
    try fixture.store.exportScript(imported) { reexported += $0 }
    #expect(reexported == exported)
    #expect(try fixture.store.verify(imported).isOK)
  }

  /// A recorder reopened on a session whose last chunk is partial continues that chunk; one
  /// reopened on a full last chunk starts the next. Writers with other capacities (another build)
  /// continue what they find.
  @Test func appendAfterReopeningAPartialOrFullTail() throws {
    let first = try fixture(.onDisk)
    let session = try first.newSession()
    let actions = RandomSession.actions(count: 14, seed: 7, session: session.id)
    _ = try first.record(Array(actions[0..<6]), into: session)
    #expect(try ChunkSurgery.layout(of: session, in: first.store) == ["1:4", "5:2"])

    let reopened = try EventStore(path: first.path, synchronous: .normal)
    reopened.chunkCapacity = 4
    _ = try record(Array(actions[6..<8]), into: session, of: reopened)
    #expect(try ChunkSurgery.layout(of: session, in: reopened) == ["1:4", "5:4"])
    _ = try record(Array(actions[8..<9]), into: session, of: reopened)
    #expect(try ChunkSurgery.layout(of: session, in: reopened) == ["1:4", "5:4", "9:1"])

    reopened.chunkCapacity = 3
    let stored = try record(Array(actions[9..<14]), into: session, of: reopened)
    #expect(try ChunkSurgery.layout(of: session, in: reopened) == ["1:4", "5:4", "9:3", "12:3"])
    let replayed = try reopened.scriptedActions(of: stored).actions
    #expect(replayed.map(\.action) == actions.map(\.action))
    #expect(replayed.map(\.t) == actions.map(\.t))
    #expect(
      try reopened.state(of: stored) == foldFromScratch(actions, session: stored, through: 14))
  }

  private func record(
    _ actions: [(t: Double, action: Action)], into session: SessionRecord, of store: EventStore
  ) throws -> SessionRecord {
    let recorder = try Recorder(store: store, session: session)
    for (t, action) in actions { try recorder.send(action, at: t) }
    return try store.session(id: session.id)
  }

  /// Two writers on the same head conflict whether the next event extends the tail chunk (its
  /// row's count is compared) or starts a new chunk (its row's key is taken).
  @Test(arguments: [1, 2]) func concurrentAppendIsAConflict(head: Int) throws {
    let fixture = try fixture(.onDisk, capacity: 2)
    let session = try fixture.newSession()
    _ = try fixture.record(
      Array([(0, Action.onAppear), (0.5, .togglePlay)].prefix(head)), into: session)
    let other = try EventStore(path: fixture.path, synchronous: .normal)
    other.chunkCapacity = 2
    let winner = try Recorder(store: fixture.store, session: session)
    let loser = try Recorder(store: other, session: session)
    try winner.send(.markNow, at: 1)
    let expected = Int64(head)
    #expect(
      throws: StoreError.conflict(
        session: session.idString, expected: expected, actual: expected + 1)
    ) { try loser.send(.seekToEnd, at: 2) }
    let stored = try fixture.store.session(id: session.id)
    #expect(stored.eventCount == expected + 1)
    let read = try fixture.store.scriptedActions(of: stored)
    #expect(read.seqs == Array(1...(expected + 1)))
    #expect(read.actions.last?.action == .markNow)
  }

  /// Actions whose bytes need a multi-byte length (long text) pack and read back exactly.
  @Test func longActionsRoundTrip() throws {
    let fixture = try fixture()
    let session = try fixture.newSession()
    let long = String(repeating: "é", count: 150) + " failed"
    let actions: [(t: Double, action: Action)] = [
      (0, .importFailed(message: long)), (0.5, .tick(currentTimeSec: 1)),
      (1, .importFailed(message: String(repeating: "x", count: 20_000))), (2, .undo),
    ]
    let stored = try fixture.record(actions, into: session)
    let read = try fixture.store.scriptedActions(of: stored).actions
    #expect(read.map(\.action) == actions.map(\.action))
    #expect(read.map(\.t) == actions.map(\.t))
  }

  /// Damaged chunk rows are reported with the sequence number they break, never replayed wrong.
  @Test func damagedChunksAreReported() throws {
    let fixture = try fixture()
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 10, seed: 3, session: session.id)
    let stored = try fixture.record(actions, into: session)
    let cases: [(sql: String, seq: Int64, reason: String)] = [
      ("DELETE FROM event_chunks WHERE first_seq = 5", 5, "the event is missing"),
      (
        "UPDATE event_chunks SET count = 3 WHERE first_seq = 5", 7,
        "its chunk holds more events than its row says"
      ),
      (
        "UPDATE event_chunks SET count = 5 WHERE first_seq = 5", 9,
        "the encoded action is truncated"
      ),
      (
        "UPDATE event_chunks SET events = CAST(x'02' || substr(events, 2) AS BLOB) WHERE first_seq = 5",
        5,
        "invalid event chunk format 2 (written by a newer sharp9?)"
      ),
    ]
    for damage in cases {
      try fixture.store.database.execute("SAVEPOINT damage")
      try fixture.store.database.execute(damage.sql)
      #expect(
        throws: StoreError.corruptEvent(
          session: stored.idString, seq: damage.seq, reason: damage.reason), "\(damage.sql)"
      ) { _ = try fixture.store.scriptedActions(of: stored) }
      try fixture.store.database.execute("ROLLBACK TO damage; RELEASE damage")
    }
    #expect(try fixture.store.scriptedActions(of: stored).seqs == Array(1...10))
  }
}
