import Foundation
import Testing

@testable import Sharp9Domain
@testable import Sharp9Store

@Suite("edit timeline (history as replayed)")
struct EditTimelineTests {
  private static let actions: [Action] = [
    .importPicked(url: URL(fileURLWithPath: "/music/take.wav")),
    .importSucceeded(track: HistoryFixtures.track), .setA(timeSec: 3), .tick(currentTimeSec: 1),
    .setB(timeSec: 9), .toggleLoopEnabled(true), .togglePlay, .speedDelta(-0.05),
    .addMarker(timeSec: 5), .dragScrub(timeSec: 4),
  ]

  private func timeline(_ actions: [Action], at seq: Int64? = nil, depth: Int = 100) throws
    -> EditTimeline
  {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(actions, in: store)
    return try store.editTimeline(of: session, at: seq, depth: depth)
  }

  @Test("every undoable edit with what it changed; transport is not an edit")
  func edits() throws {
    let history = try timeline(Self.actions)
    #expect(history.asOf == 10)
    #expect(
      history.steps.map(\.name) == ["Set A", "Set B", "Loop On", "Speed Change", "Add Marker"])
    #expect(history.steps.map(\.seq) == [3, 5, 6, 8, 9])
    #expect(history.steps.map(\.number) == [1, 2, 3, 4, 5])
    #expect(history.steps[0].changes.map(\.description) == ["loop.aSec: null → 3"])
    #expect(history.steps[3].changes.map(\.description) == ["transport.speed: 1 → 0.95"])
    #expect(history.steps[4].changes.map(\.description) == ["markers: [] → [5]"])
    #expect(history.cursor == 5)
    #expect(history.forgotten == 0)
    #expect(history.startedAfter == 0)
    #expect(!history.steps.contains { $0.isUndone })
    #expect(history.nextUndo?.seq == 9)
    #expect(history.nextRedo == nil)
  }

  @Test("as of an earlier event, only the edits so far")
  func asOf() throws {
    let history = try timeline(Self.actions, at: 5)
    #expect(history.asOf == 5)
    #expect(history.steps.map(\.name) == ["Set A", "Set B"])
    #expect(try timeline(Self.actions, at: 0).steps.isEmpty)
    #expect(throws: StoreError.self) { try timeline(Self.actions, at: 11) }
  }

  @Test("undo, undo, redo: statuses, revisions and the cursor")
  func undoRedo() throws {
    let history = try timeline(Self.actions + [.undo, .undo, .redo])
    #expect(history.cursor == 4)
    #expect(history.steps.map(\.isUndone) == [false, false, false, false, true])
    #expect(
      history.steps[3].revisions == [
        TimelineEdit.Revision(seq: 12, isUndo: true), TimelineEdit.Revision(seq: 13, isUndo: false),
      ])
    #expect(history.steps[4].revisions == [TimelineEdit.Revision(seq: 11, isUndo: true)])
    #expect(history.nextUndo?.name == "Speed Change")
    #expect(history.nextRedo?.name == "Add Marker")
    #expect(
      history.revisionEvents.map(\.target) == [9, 8, 8]
    )
    #expect(history.undoneEdits == [9: 11])
  }

  @Test("a new edit clears the redo stack; past the ends there is nothing to undo or redo")
  func newEditClearsRedo() throws {
    let history = try timeline(
      Self.actions + [.undo, .undo, .pitchDelta(1), .redo] + Array(repeating: .undo, count: 5))
    #expect(history.steps.map(\.name) == ["Set A", "Set B", "Loop On", "Pitch Change"])
    #expect(history.forgotten == 2)
    #expect(history.cursor == 0)
    #expect(history.revisionEvents.map(\.target) == [9, 8, nil, 13, 6, 5, 3, nil])
    // Undone edits that were dropped from the redo stack stay marked as undone.
    #expect(history.undoneEdits == [9: 11, 8: 12, 13: 15, 6: 16, 5: 17, 3: 18])
  }

  @Test("the depth bound forgets the oldest edits")
  func depthBound() throws {
    let history = try timeline(Self.actions, depth: 2)
    #expect(history.steps.map(\.name) == ["Speed Change", "Add Marker"])
    #expect(history.steps.map(\.number) == [4, 5])
    #expect(history.forgotten == 3)
  }

  @Test("loading a track starts the history afresh")
  func newTrack() throws {
    let history = try timeline(
      Self.actions + [.importPicked(url: URL(fileURLWithPath: "/music/b.wav")), .pitchDelta(1)])
    #expect(history.startedAfter == 11)
    #expect(history.steps.map(\.name) == ["Pitch Change"])
    #expect(history.steps.map(\.number) == [1])
  }

  @Test("log marks: undone edits and undo/redo pairs")
  func logMarks() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(
      Self.actions + [.undo, .undo, .redo, .redo, .redo], in: store)
    let history = try store.editTimeline(of: session)
    #expect(
      history.revisionEvents.map { [$0.seq, $0.isUndo ? 1 : 0, $0.target ?? -1] }
        == [[11, 1, 9], [12, 1, 8], [13, 0, 8], [14, 0, 9], [15, 0, -1]])
    #expect(history.undoneEdits.isEmpty)
  }

  @Test(
    "the replayed timeline agrees with the reducer's own undo and redo stacks",
    arguments: [3, 8, 21] as [UInt64])
  func agreesWithReducer(seed: UInt64) throws {
    let script = SessionFuzzer(seed: seed).script(events: 2_000)
    var builder = EditTimelineBuilder()
    var state = State()
    for index in script.actions.indices {
      let before = state
      let scripted = script.actions[index]
      _ = Reducer.reduce(
        into: &state, action: scripted.action, context: script.context(forActionAt: index))
      builder.apply(
        seq: Int64(index) + 1, t: scripted.t, action: scripted.action, before: before,
        after: state)
      let timeline = builder.history
      let applied = timeline.steps.prefix(timeline.cursor).map(\.name)
      let undone = timeline.steps.dropFirst(timeline.cursor).reversed().map(\.name)
      #expect(applied == state.history.undo.map(\.label), "seed \(seed), event \(index + 1)")
      #expect(Array(undone) == state.history.redo.map(\.label), "seed \(seed), event \(index + 1)")
      if applied != state.history.undo.map(\.label) { return }
    }
  }
}
