import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite struct VerifyTests {
  private func recordedSession(_ fixture: StoreFixture) throws -> SessionRecord {
    let session = try fixture.newSession()
    let actions: [(t: Double, action: Action)] = [
      (0, .importPicked(url: URL(fileURLWithPath: "/music/take.wav"))),
      (0.5, .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: 60))),
      (1, .setA(timeSec: 10)), (2, .setB(timeSec: 20)), (3, .toggleLoopEnabled(true)),
      (4, .speedDelta(-0.05)), (5, .tick(currentTimeSec: 11)), (6, .tick(currentTimeSec: 12)),
    ]
    let recorder = try Recorder(store: fixture.store, session: session)
    for (t, action) in actions { try recorder.send(action, at: t) }
    try recorder.finish(at: Date(timeIntervalSince1970: 1_763_751_700))
    return try fixture.store.session(id: session.id)
  }

  @Test(arguments: StoreKind.allCases) func untouchedSessionVerifies(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind, interval: 3)
    let session = try recordedSession(fixture)
    let report = try fixture.store.verify(session)
    #expect(report.isOK)
    #expect(report.eventsReplayed == 8)
    #expect(report.checkpointsCompared == 3)  // 3, 6 and the final 8
    #expect(!report.reducerChanged)
  }

  @Test func tamperedEventIsCaughtWithAFieldDiff() throws {
    let fixture = try StoreFixture(.onDisk, interval: 3)
    let session = try recordedSession(fixture)
    try ChunkSurgery.replaceAction(
      of: 4, with: .setB(timeSec: 25), in: session, of: fixture.store)
    let report = try fixture.store.verify(session)
    let divergence = try #require(report.divergence)
    #expect(divergence.seq == 6)
    #expect(divergence.lastAgreeingSeq == 3)
    #expect(divergence.changes.contains(FieldChange(path: "loop.bSec", before: "20", after: "25")))
    #expect(divergence.snapshotProblem == nil)
    #expect(report.checkpointsCompared == 2)
  }

  @Test func tamperedSnapshotIsReported() throws {
    let fixture = try StoreFixture(.inMemory, interval: 3)
    let session = try recordedSession(fixture)
    let codec = StateCodec()
    var state = try fixture.store.state(of: session, at: 3)
    state.loop.aSec = 99
    let update = try fixture.store.database.prepare(
      "UPDATE checkpoints SET state = ? WHERE seq = 3")
    try update.bind(Array(try codec.snapshot(state)), at: 1)
    try update.run()
    let divergence = try #require(try fixture.store.verify(session).divergence)
    #expect(divergence.seq == 3)
    #expect(divergence.snapshotProblem == .hashMismatch)
    #expect(divergence.changes == [FieldChange(path: "loop.aSec", before: "99", after: "10")])
  }

  @Test func sessionFromAnotherReducerVersionIsReplayedAndReported() throws {
    let fixture = try StoreFixture(.inMemory, interval: 3)
    let session = try recordedSession(fixture)
    try fixture.store.database.execute("UPDATE sessions SET reducer_version = '0-old'")
    let report = try fixture.store.verify(try fixture.store.session(id: session.id))
    #expect(report.reducerChanged)
    #expect(report.recordedReducerVersion == "0-old")
    #expect(report.isOK)
    #expect(report.eventsReplayed == 8)
  }

  /// W5: what a reader relies on is checked: a finished session's final checkpoint, snapshots
  /// that decode, and times that are finite and never go back (every reader refuses those).
  @Test func deletedCheckpointsAreReported() throws {
    let store = try EventStore.inMemory()
    let session = try store.importScript(
      Self.script, title: nil, defaultTitle: "w5", sharp9Version: "test")
    #expect(try store.verify(session).isOK)
    try store.database.execute("DELETE FROM checkpoints")
    let divergence = try #require(try store.verify(session).divergence)
    #expect(divergence.snapshotProblem == .lastCheckpointMissing)
    #expect(divergence.seq == 3)
  }

  @Test func truncatedSnapshotIsReported() throws {
    let store = try EventStore.inMemory()
    let session = try store.importScript(
      Self.script, title: nil, defaultTitle: "w5", sharp9Version: "test")
    try store.database.execute("UPDATE checkpoints SET state = substr(state, 1, 7)")
    let divergence = try #require(try store.verify(session).divergence)
    #expect(divergence.snapshotProblem == .unreadable(bytes: 7))
  }

  @Test(arguments: [Double.nan, .infinity, -1, 0.25])
  func unreadableTimesAreRefusedByEveryReader(t: Double) throws {
    let store = try EventStore.inMemory()
    let session = try store.importScript(
      Self.script, title: nil, defaultTitle: "w5", sharp9Version: "test")
    try ChunkSurgery.replaceTime(of: 3, with: t, in: session, of: store)
    for read in [
      { _ = try store.verify(session) },
      {
        let replay = try store.replay(session)
        while try replay.next() != nil {}
      },
      { try store.exportScript(session) { _ in } },
    ] as [() throws -> Void] {
      #expect {
        try read()
      } throws: { error in
        guard case StoreError.corruptEvent(_, let seq, let reason) = error else { return false }
        return seq == 3 && reason.hasPrefix("its t (")
      }
    }
  }

  static let script = """
    {"session":{"startedAt":"2026-01-01T00:00:00Z","title":"w5"}}
    {"type":"setA","timeSec":1,"t":0.5}
    {"type":"setB","timeSec":2,"t":1}
    {"type":"toggleLoopEnabled","enabled":true,"t":2}

    """
}
