import Foundation
import Testing

@testable import Sharp9Domain

@Suite("MarkerIDRebase")
struct MarkerIDRebaseTests {
  private let original = UUID(uuid: (1, 1, 1, 1, 1, 1, 0x81, 1, 0x81, 1, 1, 1, 1, 1, 1, 1))
  private let moved = UUID(uuid: (2, 2, 2, 2, 2, 2, 0x82, 2, 0x82, 2, 2, 2, 2, 2, 2, 2))

  @Test("a delete of a kept marker follows it to its new id; others stay untouched")
  func rebase() {
    let markerAt2 = ActionContext.derivedID(session: original, sequence: 2)
    let markerAt3 = ActionContext.derivedID(session: original, sequence: 3)
    let kept = [
      ScriptedAction(t: 0, action: .importSucceeded(track: TrackMeta(name: "a", durationSec: 9))),
      ScriptedAction(t: 1, action: .addMarker(timeSec: 1)),
      ScriptedAction(t: 2, action: .deleteMarker(id: markerAt2)),
      ScriptedAction(t: 3, action: .deleteMarker(id: markerAt3)),
    ]
    // Event 3 (the second addMarker) was dropped: its delete must stay dangling.
    let rebased = MarkerIDRebase.rebase(
      kept, originalSeqs: [1, 2, 4, 5], from: original, to: moved)
    #expect(
      rebased[2].action == .deleteMarker(id: ActionContext.derivedID(session: moved, sequence: 2)))
    #expect(rebased[3].action == .deleteMarker(id: markerAt3))
    #expect(Array(rebased.prefix(2)) == Array(kept.prefix(2)))
  }

  @Test("without deletes the actions come back as they were")
  func noDeletes() {
    let kept = [ScriptedAction(t: 0, action: .markNow)]
    #expect(MarkerIDRebase.rebase(kept, originalSeqs: [7], from: original, to: moved) == kept)
  }

  @Test("a derived id gives back its sequence number; foreign ids give nil")
  func derivedIDInverts() {
    var random = Sharp9Domain.SplitMix64(seed: 41)
    for _ in 0..<2000 {
      let session = UUID(
        uuid: withUnsafeBytes(of: (random.next(), random.next())) { raw in
          (
            raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9],
            raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
          )
        })
      let sequence = Int64(random.next() % 5_000_000) + 1
      let id = ActionContext.derivedID(session: session, sequence: sequence)
      #expect(ActionContext.sequence(ofDerivedID: id, session: session) == sequence)
      #expect(ActionContext.sequence(ofDerivedID: id, session: original) == nil)
    }
    #expect(ActionContext.sequence(ofDerivedID: moved, session: original) == nil)
  }

  @Test("rehome moves a delete to the same event's marker in the other session")
  func rehome() {
    let inOriginal = ActionContext.derivedID(session: original, sequence: 7)
    let inMoved = ActionContext.derivedID(session: moved, sequence: 7)
    #expect(
      MarkerIDRebase.rehome(.deleteMarker(id: inOriginal), from: original, to: moved)
        == .deleteMarker(id: inMoved))
    #expect(
      MarkerIDRebase.rehome(.deleteMarker(id: moved), from: original, to: moved)
        == .deleteMarker(id: moved))
    #expect(MarkerIDRebase.rehome(.markNow, from: original, to: moved) == .markNow)
  }
}
