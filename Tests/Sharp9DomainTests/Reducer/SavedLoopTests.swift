import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: saved loops") struct SavedLoopTests {
  static let verse = SavedLoop(name: "verse", aSec: 10, bSec: 20)

  @Test func saveRecallRenameDeleteAndUndo() {
    var store = TestStore.loaded(duration: 60) {
      $0.loop = LoopPoints(aSec: 10, bSec: 20, enabled: true)
    }
    store.send(.saveLoop(name: "  verse ")) {
      $0.editSavedLoops("Save Loop", to: [Self.verse])
      $0.toast = TestStore.toast("Saved verse", at: 0)
    }
    store.send(.setA(timeSec: 30), effects: [.engineSetLoop(aSec: 20, bSec: 30, enabled: true)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 20, bSec: 30, enabled: true))
    }
    store.send(.saveLoop(name: "chorus")) {
      $0.editSavedLoops(
        "Save Loop", to: [Self.verse, SavedLoop(name: "chorus", aSec: 20, bSec: 30)])
      $0.toast = TestStore.toast("Saved chorus", at: 0)
    }
    store.send(.recallLoop(number: 1), effects: [.engineSetLoop(aSec: 10, bSec: 20, enabled: true)])
    {
      $0.editLoop("Recall Loop", to: LoopPoints(aSec: 10, bSec: 20, enabled: true))
      $0.toast = TestStore.toast("Recalled verse", at: 0)
    }
    store.send(.renameSavedLoop(number: 2, name: "refrain")) {
      $0.editSavedLoops(
        "Rename Loop", to: [Self.verse, SavedLoop(name: "refrain", aSec: 20, bSec: 30)])
    }
    store.send(.deleteSavedLoop(number: 1)) {
      $0.editSavedLoops("Delete Loop", to: [SavedLoop(name: "refrain", aSec: 20, bSec: 30)])
      $0.toast = TestStore.toast("Deleted verse", at: 0)
    }
  }

  @Test func savingUnderATakenNameReplacesThatLoop() {
    var store = TestStore.loaded(duration: 60) {
      $0.loop = LoopPoints(aSec: 12, bSec: 14)
      $0.savedLoops = [Self.verse]
    }
    store.send(.saveLoop(name: "verse")) {
      $0.editSavedLoops("Save Loop", to: [SavedLoop(name: "verse", aSec: 12, bSec: 14)])
      $0.toast = TestStore.toast("Saved verse", at: 0)
    }
  }

  /// Bad input gets one toast and changes nothing: no A–B, A = B, an empty or 101-character
  /// name, a number with no loop, a name another loop has, and no track at all.
  @Test func badInputChangesNothing() {
    let long = String(repeating: "é", count: 101)
    var store = TestStore.loaded(duration: 60) { $0.savedLoops = [Self.verse] }
    store.send(.saveLoop(name: "x")) { $0.toast = TestStore.toast("Set A and B", at: 0) }
    var equal = TestStore.loaded { $0.loop = LoopPoints(aSec: 5, bSec: 5) }
    equal.send(.saveLoop(name: "x")) { $0.toast = TestStore.toast("Set A and B", at: 0) }
    var named = TestStore.loaded(duration: 60) {
      $0.loop = LoopPoints(aSec: 1, bSec: 2)
      $0.savedLoops = [Self.verse, SavedLoop(name: "bridge", aSec: 3, bSec: 4)]
    }
    for name in ["", "   \n", long] {
      named.send(.saveLoop(name: name)) {
        $0.toast = TestStore.toast("Name the loop in 1 to 100 characters", at: 0)
      }
    }
    for number in [0, -1, 3, Int.max, Int.min] {
      named.send(.recallLoop(number: number)) {
        $0.toast = TestStore.toast("No saved loop \(number)", at: 0)
      }
      named.send(.deleteSavedLoop(number: number)) {
        $0.toast = TestStore.toast("No saved loop \(number)", at: 0)
      }
    }
    named.send(.renameSavedLoop(number: 2, name: "verse")) {
      $0.toast = TestStore.toast("A loop is already named verse", at: 0)
    }
    var empty = TestStore()
    empty.send(.saveLoop(name: "x"))
    empty.send(.recallLoop(number: 1))
  }

  @Test func aFullListRefusesANewNameButStillReplaces() {
    let full = (1...PracticeRules.savedLoopLimit).map {
      SavedLoop(name: "L\($0)", aSec: 1, bSec: 2)
    }
    var store = TestStore.loaded(duration: 60) {
      $0.loop = LoopPoints(aSec: 3, bSec: 4)
      $0.savedLoops = full
    }
    store.send(.saveLoop(name: "one more")) {
      $0.toast = TestStore.toast("At most 100 saved loops", at: 0)
    }
    var replaced = full
    replaced[0] = SavedLoop(name: "L1", aSec: 3, bSec: 4)
    store.send(.saveLoop(name: "L1")) {
      $0.editSavedLoops("Save Loop", to: replaced)
      $0.toast = TestStore.toast("Saved L1", at: 0)
    }
  }

  /// A new track brings no saved loops of the old one.
  @Test func loadingATrackForgetsTheSavedLoops() {
    var state = State(
      track: TrackMeta(name: "a.wav", durationSec: 60), savedLoops: [Self.verse])
    let context = ActionContext(now: TestStore.startedAt, newID: TestStore.id(1))
    _ = Reducer.reduce(
      into: &state, action: .importPicked(url: URL(fileURLWithPath: "/b.wav")), context: context)
    #expect(state.savedLoops.isEmpty)
  }

  /// Loops from the song's stream come from outside: only loops of this track with a good,
  /// untaken name are kept (a toast counts them); nothing is an edit; without a track nothing.
  @Test func restoredLoopsAreCheckedOneByOne() {
    var store = TestStore.loaded(duration: 60)
    let good = [Self.verse, SavedLoop(name: "end", aSec: 59, bSec: 60)]
    let bad = [
      SavedLoop(name: "verse", aSec: 1, bSec: 2), SavedLoop(name: "", aSec: 1, bSec: 2),
      SavedLoop(name: " pad ", aSec: 1, bSec: 2), SavedLoop(name: "past", aSec: 50, bSec: 61),
      SavedLoop(name: "back", aSec: 5, bSec: 4), SavedLoop(name: "neg", aSec: -1, bSec: 4),
      SavedLoop(name: String(repeating: "x", count: 101), aSec: 1, bSec: 2),
    ]
    store.send(.savedLoopsRestored([good[0]] + bad + [good[1]])) {
      $0.savedLoops = good
      $0.toast = TestStore.toast("2 saved loops", at: 0)
    }
    store.send(.savedLoopsRestored(bad)) { $0.savedLoops = [] }
    var empty = TestStore()
    empty.send(.savedLoopsRestored(good))
  }
}
