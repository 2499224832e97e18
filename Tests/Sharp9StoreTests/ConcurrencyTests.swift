import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite struct ConcurrencyTests {
  /// Two connections (as two processes would have) record the same session: the second writer's
  /// append conflicts, and the log stays gapless without duplicates.
  @Test func secondWriterGetsAConflict() throws {
    let fixture = try StoreFixture(.onDisk)
    let session = try fixture.newSession()
    let otherStore = try EventStore(path: fixture.path, synchronous: .normal)
    let first = try Recorder(store: fixture.store, session: session)
    let second = try Recorder(store: otherStore, session: session)

    try first.send(.onAppear, at: 0)
    #expect(throws: StoreError.conflict(session: session.idString, expected: 0, actual: 1)) {
      try second.send(.togglePlay, at: 0.5)
    }
    #expect(second.head == 0)
    try first.send(.togglePlay, at: 1)

    // A writer that reloads continues after the other's events.
    let reloaded = try Recorder(store: otherStore, session: session)
    #expect(reloaded.head == 2)
    try reloaded.send(.markNow, at: 2)
    #expect(throws: StoreError.self) { try first.send(.markNow, at: 3) }

    let stored = try otherStore.session(id: session.id)
    #expect(stored.eventCount == 3)
    let events = try otherStore.scriptedActions(of: stored)
    #expect(events.seqs == [1, 2, 3])
    #expect(events.actions.map(\.action) == [.onAppear, .togglePlay, .markNow])
    #expect(try ChunkSurgery.layout(of: stored, in: otherStore) == ["1:3"])
  }

  /// Many interleaved appends from two connections: every accepted append lands exactly once.
  @Test func interleavedWritersNeverLeaveGapsOrDuplicates() throws {
    let fixture = try StoreFixture(.onDisk)
    let session = try fixture.newSession()
    let stores = [fixture.store, try EventStore(path: fixture.path, synchronous: .normal)]
    var random = SplitMix64(seed: 42)
    var accepted = 0
    var t = 0.0
    for _ in 0..<200 {
      let store = stores[Int.random(in: 0..<2, using: &random)]
      // Each attempt starts from a possibly stale view, as a real second client would.
      let recorder = try Recorder(store: store, session: session)
      let stale = Int.random(in: 0..<3, using: &random) == 0
      if stale { _ = try stores[0].session(id: session.id) }
      t += 0.01
      do {
        try recorder.send(.tick(currentTimeSec: t), at: t)
        accepted += 1
      } catch StoreError.conflict {}
    }
    let stored = try fixture.store.session(id: session.id)
    #expect(stored.eventCount == Int64(accepted))
    // The cursor checks that the chunks tile 1...count without gaps or overlaps.
    let seqs = try fixture.store.scriptedActions(of: stored).seqs
    #expect(seqs == Array(1...Int64(accepted)))
    let check = try fixture.store.database.prepare("SELECT sum(count) FROM event_chunks")
    #expect(try check.firstRow { $0.int64(0) } == Int64(accepted))
  }
}
