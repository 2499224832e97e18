import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// Checkpoints are bounded by bytes, not by event count: a session whose state grows with every
/// event (markers) writes checkpoints whose total stays a small multiple of its final state, and
/// every replay from them still equals folding from scratch. The same sessions recorded live
/// (one transaction per event) and imported in one batch get the same checkpoints.
@Suite struct CheckpointSizeTests {
  /// A small policy, so a few thousand events reach the byte rule.
  static let policy = CheckpointPolicy(interval: 10, smallSnapshotBytes: 1 << 10, bytesPerEvent: 16)

  static func markers(_ count: Int, seed: UInt64) -> [(t: Double, action: Action)] {
    var random = SplitMix64(seed: seed)
    let track = TrackMeta(name: "x.wav", durationSec: 600)
    var actions: [(t: Double, action: Action)] = [
      (0, .importPicked(url: URL(filePath: "x.wav"))), (0.1, .importSucceeded(track: track)),
    ]
    for index in 0..<count {
      let time = Double.random(in: 0...600, using: &random)
      actions.append((1 + Double(index) / 100, .addMarker(timeSec: time)))
    }
    return actions
  }

  private func checkpoints(_ store: EventStore, _ session: SessionRecord) throws -> [(Int64, Int)] {
    let select = try store.database.prepare(
      "SELECT seq, length(state) FROM checkpoints WHERE session_pk = ? ORDER BY seq")
    try select.bind(store.key(of: session), at: 1)
    var rows: [(Int64, Int)] = []
    while try select.step() { rows.append((select.int64(0), Int(select.int64(1)))) }
    return rows
  }

  @Test(arguments: [(600, 1), (2_000, 2), (4_000, 3)] as [(Int, UInt64)])
  func checkpointsStayWithinAFewFinalStates(count: Int, seed: UInt64) throws {
    let actions = Self.markers(count, seed: seed)
    let live = try EventStore.inMemory(checkpointPolicy: Self.policy)
    let recorder = try Recorder(
      store: live,
      session: try live.createSession(
        NewSession(title: "live", startedAt: StoreFixture.startedAt, sharp9Version: "test")))
    for (t, action) in actions { try recorder.send(action, at: t) }
    try recorder.finish(at: StoreFixture.startedAt)
    let session = try live.sessions()[0]
    let rows = try checkpoints(live, session)
    let final = try #require(rows.last).1
    let total = rows.reduce(0) { $0 + $1.1 }
    // Small ones: at most smallSnapshotBytes per interval; large ones: a geometric series whose
    // sum is a few times the final state. Counting events alone wrote count / 10 snapshots
    // growing linearly: about count / 20 final states.
    let small = rows.filter { $0.1 <= Self.policy.smallSnapshotBytes }.reduce(0) { $0 + $1.1 }
    #expect(total <= 6 * final + small, "\(rows.count) checkpoints, \(total) bytes, final \(final)")
    #expect(rows.count < 60, "\(rows.count) checkpoints for \(actions.count) events")
    for (seq, _) in rows + [(Int64(actions.count / 3), 0), (Int64(actions.count - 7), 0)] {
      #expect(
        try live.state(of: session, at: seq)
          == foldFromScratch(actions, session: session, through: Int(seq)),
        "state at \(seq)")
    }
    #expect(try live.verify(session).divergence == nil)
    let batch = try EventStore.inMemory(checkpointPolicy: Self.policy)
    let imported = try batch.createSession(
      NewSession(title: "batch", startedAt: StoreFixture.startedAt, sharp9Version: "test"),
      actions: actions.map { ScriptedAction(t: $0.t, action: $0.action) },
      originalSeqs: actions.indices.map { Int64($0) + 1 }, from: session.id)
    #expect(try checkpoints(batch, imported).map(\.0) == rows.map(\.0))
  }
}
