import CustomDump
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite struct SnapshotTests {
  /// `state(at:)` (nearest snapshot, then fold) equals folding from the first event, field for
  /// field, at every point of seeded random sessions.
  @Test(arguments: [(StoreKind.inMemory, UInt64(1)), (.onDisk, 2), (.inMemory, 3)])
  func snapshotPlusFoldEqualsScratch(kind: StoreKind, seed: UInt64) throws {
    let fixture = try StoreFixture(kind, interval: 16)
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 400, seed: seed, session: session.id)
    let recorded = try fixture.record(actions, into: session)
    var random = SplitMix64(seed: seed)
    var points = (0..<40).map { _ in Int.random(in: 0...400, using: &random) }
    points += [0, 1, 15, 16, 17, 399, 400]
    let scratch = foldsFromScratch(actions, session: recorded)
    for point in points {
      let expected = scratch[point]
      let atPoint = try fixture.store.state(of: recorded, at: Int64(point))
      #expect(atPoint == expected, "state at \(point)")
      #expect(try StateDiff.changes(from: expected, to: atPoint) == [])
    }
  }

  @Test func snapshotsRoundTripExactly() throws {
    let fixture = try StoreFixture(.inMemory, interval: 1)
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 300, seed: 11, session: session.id)
    _ = try fixture.record(actions, into: session)
    let select = try fixture.store.database.prepare(
      "SELECT seq, state FROM checkpoints ORDER BY seq")
    var seq: Int64 = 0
    let codec = StateCodec()
    let scratch = foldsFromScratch(actions, session: session)
    while try select.step() {
      seq += 1
      #expect(select.int64(0) == seq)
      let state = try codec.state(fromSnapshot: select.withBlob(1) { Data($0) })
      expectNoDifference(state, scratch[Int(seq)])
    }
    #expect(seq == 300)
  }

  @Test func snapshotsOfAnotherReducerVersionAreNotUsed() throws {
    let fixture = try StoreFixture(.inMemory, interval: 2)
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 20, seed: 5, session: session.id)
    let recorded = try fixture.record(actions, into: session)
    // A bogus snapshot from "other rules": it must be ignored, not folded onto.
    try fixture.store.database.execute(
      """
      UPDATE checkpoints SET reducer_version = 'other',
        state = CAST('{"garbage":true}' AS BLOB)
      """)
    #expect(
      try fixture.store.state(of: recorded, at: 20)
        == foldFromScratch(actions, session: recorded, through: 20))
  }
}
