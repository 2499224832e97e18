import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite("verify: locating a divergence")
struct LocateDivergenceTests {
  /// A session whose checkpoint at 8 says speed 0.9 where the current reducer gives 0.95, as if
  /// an older reducer had recorded it.
  private func sessionFromAnotherReducer(_ store: EventStore) throws -> SessionRecord {
    let session = try HistoryFixtures.session(
      [
        .importPicked(url: URL(fileURLWithPath: "/music/take.wav")),
        .importSucceeded(track: HistoryFixtures.track), .tick(currentTimeSec: 0),
        .tick(currentTimeSec: 0), .setA(timeSec: 2), .speedDelta(-0.05), .tick(currentTimeSec: 1),
        .pitchDelta(1), .tick(currentTimeSec: 1.5), .speedDelta(-0.05),
      ], in: store)
    var recorded = try store.state(of: session, at: 8)
    recorded.transport.speed = 0.9
    let codec = StateCodec()
    let update = try store.database.prepare(
      "UPDATE checkpoints SET state = ?, state_sha256 = ?, reducer_version = '0' WHERE seq = 8")
    try update.bind(Array(try codec.snapshot(recorded)), at: 1)
    try update.bind(try codec.hash(recorded), at: 2)
    try update.run()
    try store.database.execute("UPDATE sessions SET reducer_version = '0'")
    return try store.session(id: session.id)
  }

  @Test("the first event that touched a divergent field is the first suspect")
  func firstSuspect() throws {
    let store = try EventStore.inMemory(checkpointPolicy: CheckpointPolicy(interval: 4))
    let session = try sessionFromAnotherReducer(store)
    let report = try store.verify(session)
    #expect(report.reducerChanged)
    let divergence = try #require(report.divergence)
    #expect(divergence.seq == 8)
    #expect(divergence.lastAgreeingSeq == 4)
    let location = try store.locateDivergence(in: session, divergence)
    #expect(location.fields == ["transport.speed"])
    #expect(location.firstSuspect == StoredEvent(seq: 6, t: 2.5, action: .speedDelta(-0.05)))
    #expect(location.suspectCount == 1)
  }
}
