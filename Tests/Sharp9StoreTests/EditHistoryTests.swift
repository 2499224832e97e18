import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite("edit history")
struct EditHistoryTests {
  private static let actions: [Action] = [
    .importPicked(url: URL(fileURLWithPath: "/music/take.wav")),
    .importSucceeded(track: HistoryFixtures.track), .setA(timeSec: 3), .tick(currentTimeSec: 1),
    .setB(timeSec: 9), .toggleLoopEnabled(true), .togglePlay, .speedDelta(-0.05),
    .addMarker(timeSec: 5), .dragScrub(timeSec: 4),
  ]

  @Test("every undoable edit with what it changed; transport is not an edit")
  func edits() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(Self.actions, in: store)
    let history = try store.editHistory(of: session)
    #expect(history.asOf == 10)
    #expect(history.steps.map(\.name) == ["Set A", "Set B", "Loop on", "Speed", "Add marker"])
    #expect(history.steps.map(\.seq) == [3, 5, 6, 8, 9])
    #expect(history.steps.map(\.number) == [1, 2, 3, 4, 5])
    #expect(history.steps[0].changes.map(\.description) == ["loop.aSec: null → 3"])
    #expect(history.steps[3].changes.map(\.description) == ["transport.speed: 1 → 0.95"])
    #expect(history.steps[4].changes.map(\.description) == ["markers: [] → [5]"])
    #expect(history.cursor == 5)
    #expect(history.forgotten == 0)
    #expect(!history.steps.contains { $0.isUndone })
    #expect(history.nextUndo?.seq == 9)
    #expect(history.nextRedo == nil)
  }

  @Test("as of an earlier event, only the edits so far")
  func asOf() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(Self.actions, in: store)
    let history = try store.editHistory(of: session, at: 5)
    #expect(history.asOf == 5)
    #expect(history.steps.map(\.name) == ["Set A", "Set B"])
    #expect(try store.editHistory(of: session, at: 0).steps.isEmpty)
    #expect(throws: StoreError.self) { try store.editHistory(of: session, at: 11) }
  }

  @Test("the depth bound forgets the oldest edits")
  func depthBound() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(Self.actions, in: store)
    let history = try store.editHistory(of: session, depth: 2)
    #expect(history.steps.map(\.name) == ["Speed", "Add marker"])
    #expect(history.steps.map(\.number) == [4, 5])
    #expect(history.forgotten == 3)
  }

  @Test("picking a new track starts the history afresh")
  func newTrack() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(
      Self.actions + [.importPicked(url: URL(fileURLWithPath: "/music/b.wav")), .pitchDelta(1)],
      in: store)
    let history = try store.editHistory(of: session)
    #expect(history.startedAfter == 11)
    #expect(history.steps.map(\.name) == ["Pitch"])
    #expect(history.steps.map(\.number) == [1])
  }
}
