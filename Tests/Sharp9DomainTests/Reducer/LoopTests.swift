import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: A–B loop") struct LoopTests {
  @Test func setAAndSetBInOrder() {
    var store = TestStore.loaded()
    store.send(.setA(timeSec: 10), effects: [.engineSetLoop(aSec: 10, bSec: nil, enabled: false)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 10))
    }
    store.send(.setB(timeSec: 20), effects: [.engineSetLoop(aSec: 10, bSec: 20, enabled: false)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 10, bSec: 20))
    }
  }

  @Test func setAAfterBSwaps() {
    var store = TestStore.loaded { $0.loop = LoopPoints(aSec: 10, bSec: 20, enabled: true) }
    store.send(.setA(timeSec: 30), effects: [.engineSetLoop(aSec: 20, bSec: 30, enabled: true)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 20, bSec: 30, enabled: true))
    }
  }

  @Test func setBBeforeASwaps() {
    var store = TestStore.loaded { $0.loop = LoopPoints(aSec: 10, bSec: nil) }
    store.send(.setB(timeSec: 4), effects: [.engineSetLoop(aSec: 4, bSec: 10, enabled: false)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 4, bSec: 10))
    }
  }

  @Test func equalPointsStayAsTheyAre() {
    var store = TestStore.loaded { $0.loop = LoopPoints(aSec: 10, bSec: nil) }
    store.send(.setB(timeSec: 10), effects: [.engineSetLoop(aSec: 10, bSec: 10, enabled: false)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 10, bSec: 10))
    }
  }

  @Test func pointsAreClampedToTheTrack() {
    var store = TestStore.loaded(duration: 60)
    store.send(.setA(timeSec: -2), effects: [.engineSetLoop(aSec: 0, bSec: nil, enabled: false)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 0))
    }
    store.send(.setB(timeSec: 61), effects: [.engineSetLoop(aSec: 0, bSec: 60, enabled: false)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 0, bSec: 60))
    }
    store.send(.setB(timeSec: .infinity))
    store.send(.setA(timeSec: .nan))
  }

  @Test func withoutATrackLoopActionsAreNoOps() {
    var store = TestStore()
    for action: Action in [
      .setA(timeSec: 1), .setB(timeSec: 2), .toggleLoopEnabled(true), .toggleLoopEnabled(false),
      .abCycle,
    ] {
      store.send(action)
    }
  }

  @Test func loopNeedsBothPoints() {
    var store = TestStore.loaded { $0.loop.aSec = 3 }
    store.send(.toggleLoopEnabled(true), at: 7) { $0.toast = TestStore.toast("Set A and B", at: 7) }
  }

  @Test func loopSwitchesOnAndOff() {
    var store = TestStore.loaded { $0.loop = LoopPoints(aSec: 3, bSec: 4) }
    store.send(.toggleLoopEnabled(true), effects: [.engineSetLoop(aSec: 3, bSec: 4, enabled: true)])
    {
      $0.editLoop("Loop On", to: LoopPoints(aSec: 3, bSec: 4, enabled: true))
    }
    store.send(
      .toggleLoopEnabled(false), effects: [.engineSetLoop(aSec: 3, bSec: 4, enabled: false)]
    ) {
      $0.editLoop("Loop Off", to: LoopPoints(aSec: 3, bSec: 4, enabled: false))
    }
    store.send(
      .toggleLoopEnabled(false), effects: [.engineSetLoop(aSec: 3, bSec: 4, enabled: false)])
  }

  @Test func abCycleSetsAThenBThenClears() {
    var store = TestStore.loaded { $0.transport.currentTimeSec = 12 }
    store.send(.abCycle, effects: [.engineSetLoop(aSec: 12, bSec: nil, enabled: false)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 12))
    }
    store.send(.tick(currentTimeSec: 16)) { $0.transport.currentTimeSec = 16 }
    store.send(.abCycle, effects: [.engineSetLoop(aSec: 12, bSec: 16, enabled: true)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 12, bSec: 16, enabled: true))
    }
    store.send(.abCycle, effects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)]) {
      $0.editLoop("Clear Loop", to: LoopPoints())
    }
  }

  @Test func abCycleSecondPressBeforeASwaps() {
    var store = TestStore.loaded {
      $0.loop.aSec = 12
      $0.transport.currentTimeSec = 8
    }
    store.send(.abCycle, effects: [.engineSetLoop(aSec: 8, bSec: 12, enabled: true)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 8, bSec: 12, enabled: true))
    }
  }

  @Test func abCycleWithOnlyBSetSetsA() {
    var store = TestStore.loaded {
      $0.loop.bSec = 12
      $0.transport.currentTimeSec = 8
    }
    store.send(.abCycle, effects: [.engineSetLoop(aSec: 8, bSec: 12, enabled: true)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 8, bSec: 12, enabled: true))
    }
  }

  @Test func selectorsNormaliseTheSelection() {
    let state = State(loop: LoopPoints(aSec: 9, bSec: 2))
    #expect(state.selectionRange == 2...9)
    #expect(state.canLoop)
    #expect(State(loop: LoopPoints(aSec: 9)).selectionRange == nil)
    #expect(!State(loop: LoopPoints(aSec: 9)).canLoop)
    #expect(!State(loop: LoopPoints(bSec: 9)).canLoop)
  }

  @Test func nudgesMoveAAndBByMillisecondsAndAreUndoable() {
    var store = TestStore.loaded(duration: 60) {
      $0.loop = LoopPoints(aSec: 10, bSec: 20, enabled: true)
    }
    store.send(
      .nudgeA(seconds: PracticeRules.nudgeSeconds),
      effects: [.engineSetLoop(aSec: 10.01, bSec: 20, enabled: true)]
    ) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 10.01, bSec: 20, enabled: true))
    }
    store.send(
      .nudgeB(seconds: -PracticeRules.nudgeSeconds),
      effects: [.engineSetLoop(aSec: 10.01, bSec: 19.99, enabled: true)]
    ) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 10.01, bSec: 19.99, enabled: true))
    }
    store.send(
      .nudgeB(seconds: 100), effects: [.engineSetLoop(aSec: 10.01, bSec: 60, enabled: true)]
    ) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 10.01, bSec: 60, enabled: true))
    }
  }

  /// A nudge that would put A at or after B changes nothing and says why; a point not set, no
  /// track or a non-finite nudge do nothing at all.
  @Test func aNudgeNeverCrossesTheOtherPoint() {
    var store = TestStore.loaded { $0.loop = LoopPoints(aSec: 10, bSec: 10.005) }
    store.send(.nudgeA(seconds: PracticeRules.nudgeSeconds)) {
      $0.toast = TestStore.toast("A must be before B", at: 0)
    }
    store.send(.nudgeB(seconds: -PracticeRules.nudgeSeconds)) {
      $0.toast = TestStore.toast("A must be before B", at: 0)
    }
    store.send(.nudgeA(seconds: .nan))
    var unset = TestStore.loaded { $0.loop = LoopPoints(aSec: nil, bSec: 12) }
    unset.send(.nudgeA(seconds: 0.01))
    var empty = TestStore()
    empty.send(.nudgeB(seconds: 0.01))
  }
}
