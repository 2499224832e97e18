import CustomDump
import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: undo and redo") struct HistoryTests {
  /// An undoable action, the state it starts from, and what undo and redo must tell the engine.
  struct Case: CustomStringConvertible, Sendable {
    var action: Action
    var label: String
    var setup: @Sendable (inout State) -> Void = { _ in }
    var undoEffects: [Effect]
    var redoEffects: [Effect]
    var description: String { "\(action) (\(label))" }
  }

  static let marker = Marker(id: TestStore.id(90), timeSec: 7)

  static let cases: [Case] = [
    Case(
      action: .setA(timeSec: 5), label: "Set A",
      undoEffects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 5, bSec: nil, enabled: false)]),
    Case(
      action: .setB(timeSec: 3), label: "Set B", setup: { $0.loop = LoopPoints(aSec: 4, bSec: 8) },
      undoEffects: [.engineSetLoop(aSec: 4, bSec: 8, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 3, bSec: 4, enabled: false)]),
    Case(
      action: .tapWaveform(timeSec: 6), label: "Set A", setup: { $0.mode = .setA },
      undoEffects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 6, bSec: nil, enabled: false)]),
    Case(
      action: .tapWaveform(timeSec: 6), label: "Set B", setup: { $0.mode = .setB },
      undoEffects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: nil, bSec: 6, enabled: false)]),
    Case(
      action: .tapWaveform(timeSec: 6), label: "Add Marker", setup: { $0.mode = .marker },
      undoEffects: [], redoEffects: []),
    Case(action: .addMarker(timeSec: 2), label: "Add Marker", undoEffects: [], redoEffects: []),
    Case(action: .markNow, label: "Add Marker", undoEffects: [], redoEffects: []),
    Case(
      action: .deleteMarker(id: marker.id), label: "Delete Marker",
      setup: { $0.markers = [Marker(id: TestStore.id(91), timeSec: 1), marker] },
      undoEffects: [], redoEffects: []),
    Case(
      action: .toggleLoopEnabled(true), label: "Loop On",
      setup: { $0.loop = LoopPoints(aSec: 1, bSec: 2) },
      undoEffects: [.engineSetLoop(aSec: 1, bSec: 2, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 1, bSec: 2, enabled: true)]),
    Case(
      action: .toggleLoopEnabled(false), label: "Loop Off",
      setup: { $0.loop = LoopPoints(aSec: 1, bSec: 2, enabled: true) },
      undoEffects: [.engineSetLoop(aSec: 1, bSec: 2, enabled: true)],
      redoEffects: [.engineSetLoop(aSec: 1, bSec: 2, enabled: false)]),
    Case(
      action: .abCycle, label: "Set A", setup: { $0.transport.currentTimeSec = 9 },
      undoEffects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 9, bSec: nil, enabled: false)]),
    Case(
      action: .abCycle, label: "Set B",
      setup: {
        $0.transport.currentTimeSec = 9
        $0.loop.aSec = 4
      },
      undoEffects: [.engineSetLoop(aSec: 4, bSec: nil, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 4, bSec: 9, enabled: true)]),
    Case(
      action: .abCycle, label: "Clear Loop",
      setup: { $0.loop = LoopPoints(aSec: 4, bSec: 9, enabled: true) },
      undoEffects: [.engineSetLoop(aSec: 4, bSec: 9, enabled: true)],
      redoEffects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)]),
    Case(
      action: .speedDelta(-0.05), label: "Speed Change", undoEffects: [.engineSetRate(1)],
      redoEffects: [.engineSetRate(0.95)]),
    Case(
      action: .cycleSpeed, label: "Speed Change", undoEffects: [.engineSetRate(1)],
      redoEffects: [.engineSetRate(1.25)]),
    Case(
      action: .pitchDelta(-1), label: "Pitch Change", undoEffects: [.engineSetPitchSemitones(0)],
      redoEffects: [.engineSetPitchSemitones(-1)]),
    Case(
      action: .setSpeed(0.73), label: "Speed Change", undoEffects: [.engineSetRate(1)],
      redoEffects: [.engineSetRate(0.73)]),
    Case(
      action: .setPitch(semitones: -0.32), label: "Pitch Change",
      undoEffects: [.engineSetPitchSemitones(0)], redoEffects: [.engineSetPitchSemitones(-0.32)]),
    Case(
      action: .nudgeA(seconds: 0.01), label: "Set A",
      setup: { $0.loop = LoopPoints(aSec: 4, bSec: 9, enabled: true) },
      undoEffects: [.engineSetLoop(aSec: 4, bSec: 9, enabled: true)],
      redoEffects: [.engineSetLoop(aSec: 4.01, bSec: 9, enabled: true)]),
    Case(
      action: .nudgeB(seconds: -0.01), label: "Set B",
      setup: { $0.loop = LoopPoints(aSec: 4, bSec: 9) },
      undoEffects: [.engineSetLoop(aSec: 4, bSec: 9, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 4, bSec: 8.99, enabled: false)]),
    Case(
      action: .saveLoop(name: "verse"), label: "Save Loop",
      setup: { $0.loop = LoopPoints(aSec: 4, bSec: 9) }, undoEffects: [], redoEffects: []),
    Case(
      action: .recallLoop(number: 1), label: "Recall Loop",
      setup: { $0.savedLoops = [SavedLoop(name: "verse", aSec: 4, bSec: 9)] },
      undoEffects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)],
      redoEffects: [.engineSetLoop(aSec: 4, bSec: 9, enabled: true)]),
    Case(
      action: .renameSavedLoop(number: 1, name: "bridge"), label: "Rename Loop",
      setup: { $0.savedLoops = [SavedLoop(name: "verse", aSec: 4, bSec: 9)] }, undoEffects: [],
      redoEffects: []),
    Case(
      action: .deleteSavedLoop(number: 1), label: "Delete Loop",
      setup: { $0.savedLoops = [SavedLoop(name: "verse", aSec: 4, bSec: 9)] }, undoEffects: [],
      redoEffects: []),
  ]

  /// Undo puts the edited values back and realigns the engine; redo re-applies the edit. Values
  /// that are not edits (the playhead, the debounce time) keep what the action left.
  @Test(arguments: cases) func everyUndoableActionUndoesAndRedoes(_ testCase: Case) {
    var start = TestStore.loaded().state
    start.transport.isPlaying = true
    testCase.setup(&start)
    let context = { (t: Double) in
      ActionContext(
        session: TestStore.session, startedAt: TestStore.startedAt, sequence: Int64(t * 10), t: t)
    }
    var state = start
    _ = Reducer.reduce(into: &state, action: testCase.action, context: context(1))
    let edited = state
    let step = edited.history.undo.last
    #expect(step?.label == testCase.label)
    #expect(edited.history.undo.count == 1 && edited.history.redo.isEmpty)

    let undoEffects = Reducer.reduce(into: &state, action: .undo, context: context(2))
    var undone = edited
    undone.loop = start.loop
    undone.markers = start.markers
    undone.transport.speed = start.transport.speed
    undone.transport.pitchSemitones = start.transport.pitchSemitones
    undone.savedLoops = start.savedLoops
    undone.history = EditHistory(redo: step.map { [$0] } ?? [])
    undone.toast = TestStore.toast("Undo " + testCase.label, at: 2)
    expectNoDifference(state, undone)
    #expect(undoEffects == testCase.undoEffects)

    let redoEffects = Reducer.reduce(into: &state, action: .redo, context: context(3))
    var redone = edited
    redone.toast = TestStore.toast("Redo " + testCase.label, at: 3)
    expectNoDifference(state, redone)
    #expect(redoEffects == testCase.redoEffects)
  }

  @Test func nothingToUndoOrRedo() {
    var store = TestStore.loaded()
    store.send(.undo, at: 1) { $0.toast = TestStore.toast("Nothing to undo", at: 1) }
    store.send(.redo, at: 2) { $0.toast = TestStore.toast("Nothing to redo", at: 2) }
  }

  @Test func transportModeAndLockAreNotEdits() {
    var store = TestStore.loaded()
    store.send(.togglePlay, effects: [.enginePlay]) { $0.transport.isPlaying = true }
    store.send(.tick(currentTimeSec: 3)) { $0.transport.currentTimeSec = 3 }
    store.send(.dragScrub(timeSec: 4), effects: [.engineSeek(timeSec: 4)]) {
      $0.transport.currentTimeSec = 4
    }
    store.send(.tapWaveform(timeSec: 5), effects: [.engineSeek(timeSec: 5)]) {
      $0.transport.currentTimeSec = 5
    }
    store.send(.skip(seconds: 5), effects: [.engineSeek(timeSec: 10)]) {
      $0.transport.currentTimeSec = 10
    }
    store.send(.seekToStart, effects: [.engineSeek(timeSec: 0)]) {
      $0.transport.currentTimeSec = 0
    }
    store.send(.setMode(.marker)) { $0.mode = .marker }
    store.send(.setLocked(true)) {
      $0.isLocked = true
      $0.toast = TestStore.toast("Locked", at: 0)
    }
    store.send(.setLocked(false)) {
      $0.isLocked = false
      $0.toast = TestStore.toast("Unlocked", at: 0)
    }
    store.send(.undo, at: 1) { $0.toast = TestStore.toast("Nothing to undo", at: 1) }
  }

  @Test func editsThatChangeNothingAreNotRecorded() {
    var store = TestStore.loaded {
      $0.transport.speed = 2
      $0.loop.aSec = 3
    }
    store.send(.speedDelta(0.05), effects: [.engineSetRate(2)]) {
      $0.toast = TestStore.toast("Speed 2.00 x", at: 0)
    }
    store.send(.toggleLoopEnabled(true)) { $0.toast = TestStore.toast("Set A and B", at: 0) }
    store.send(.deleteMarker(id: TestStore.id(77)))
    store.send(.setA(timeSec: 3), effects: [.engineSetLoop(aSec: 3, bSec: nil, enabled: false)])
    store.send(.undo, at: 1) { $0.toast = TestStore.toast("Nothing to undo", at: 1) }
  }

  @Test func undoLeavesTheTransportAlone() {
    var store = TestStore.loaded()
    store.send(.setA(timeSec: 10), effects: [.engineSetLoop(aSec: 10, bSec: nil, enabled: false)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 10))
    }
    store.send(.togglePlay, effects: [.enginePlay]) { $0.transport.isPlaying = true }
    store.send(.tick(currentTimeSec: 12)) { $0.transport.currentTimeSec = 12 }
    store.send(.setB(timeSec: 20), effects: [.engineSetLoop(aSec: 10, bSec: 20, enabled: false)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 10, bSec: 20))
    }
    store.send(.dragScrub(timeSec: 15), effects: [.engineSeek(timeSec: 15)]) {
      $0.transport.currentTimeSec = 15
    }
    let setB = store.state.history.undo[1]
    store.send(
      .undo, at: 1, effects: [.engineSetLoop(aSec: 10, bSec: nil, enabled: false)]
    ) {
      $0.loop = LoopPoints(aSec: 10)
      $0.history.undo.removeLast()
      $0.history.redo = [setB]
      $0.toast = TestStore.toast("Undo Set B", at: 1)
    }
    store.send(.tick(currentTimeSec: 16)) { $0.transport.currentTimeSec = 16 }
    store.send(.redo, at: 2, effects: [.engineSetLoop(aSec: 10, bSec: 20, enabled: false)]) {
      $0.loop = LoopPoints(aSec: 10, bSec: 20)
      $0.history.undo.append(setB)
      $0.history.redo = []
      $0.toast = TestStore.toast("Redo Set B", at: 2)
    }
  }

  @Test func aNewEditClearsRedo() {
    var store = TestStore.loaded()
    store.send(.setA(timeSec: 1), effects: [.engineSetLoop(aSec: 1, bSec: nil, enabled: false)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 1))
    }
    let setA = store.state.history.undo[0]
    store.send(.undo, at: 1, effects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)]) {
      $0.loop = LoopPoints()
      $0.history = EditHistory(redo: [setA])
      $0.toast = TestStore.toast("Undo Set A", at: 1)
    }
    store.send(.pitchDelta(1), at: 2, effects: [.engineSetPitchSemitones(1)]) {
      $0.editPitch(to: 1)
      $0.toast = TestStore.toast("Pitch +1.00 st", at: 2)
    }
    store.send(.redo, at: 3) { $0.toast = TestStore.toast("Nothing to redo", at: 3) }
  }

  @Test func undoPutsADeletedMarkerBackInItsPlace() {
    let markers = (1...3).map { Marker(id: TestStore.id(Int64(80 + $0)), timeSec: Double($0)) }
    var state = TestStore.loaded { $0.markers = MarkerList(markers) }.state
    let context = ActionContext(now: TestStore.startedAt, newID: TestStore.id(1))
    _ = Reducer.reduce(into: &state, action: .deleteMarker(id: markers[1].id), context: context)
    #expect(state.markers == [markers[0], markers[2]])
    _ = Reducer.reduce(into: &state, action: .undo, context: context)
    #expect(state.markers.elements == markers)
    _ = Reducer.reduce(into: &state, action: .redo, context: context)
    #expect(state.markers == [markers[0], markers[2]])
  }

  @Test func historyKeepsTheLastHundredEdits() {
    var state = State(transport: Transport(speed: 0.25))
    let context = ActionContext(now: TestStore.startedAt, newID: TestStore.id(1))
    // 110 edits, each changing the speed: the first 10 are forgotten.
    for _ in 1...55 {
      _ = Reducer.reduce(into: &state, action: .speedDelta(0.05), context: context)
      _ = Reducer.reduce(into: &state, action: .speedDelta(-0.05), context: context)
    }
    #expect(state.history.undo.count == PracticeRules.undoDepth)
    #expect(state.history.undo.first?.speed == ValueChange(before: 0.25, after: 0.3))
    for _ in 1...PracticeRules.undoDepth {
      _ = Reducer.reduce(into: &state, action: .undo, context: context)
    }
    #expect(state.history.undo.isEmpty && state.history.redo.count == PracticeRules.undoDepth)
    #expect(state.transport.speed == 0.25)
    _ = Reducer.reduce(into: &state, action: .undo, context: context)
    #expect(state.toast?.message == "Nothing to undo")
    #expect(Invariants.violations(of: state) == [])
  }

  @Test func loadingATrackForgetsTheHistory() {
    var store = TestStore.loaded()
    store.send(.pitchDelta(1), effects: [.engineSetPitchSemitones(1)]) {
      $0.editPitch(to: 1)
      $0.toast = TestStore.toast("Pitch +1.00 st", at: 0)
    }
    let url = URL(filePath: "/b.wav")
    store.send(.importPicked(url: url), effects: [.engineLoad(url: url)]) {
      $0.isLoading = true
      $0.track = nil
      $0.viewport = Viewport()
      $0.history = EditHistory()
    }
    store.send(.undo, at: 1) { $0.toast = TestStore.toast("Nothing to undo", at: 1) }
  }
}
