import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: speed and pitch") struct TempoTests {
  @Test func speedButtonsStepByAFifthOfATenth() {
    var store = TestStore()
    store.send(.speedDelta(-0.05), at: 1, effects: [.engineSetRate(0.95)]) {
      $0.editSpeed(to: 0.95)
      $0.toast = TestStore.toast("Speed 0.95 x", at: 1)
    }
    store.send(.speedDelta(0.1), at: 2, effects: [.engineSetRate(1.05)]) {
      $0.editSpeed(to: 1.05)
      $0.toast = TestStore.toast("Speed 1.05 x", at: 2)
    }
  }

  @Test func speedIsClampedAndStillToasted() {
    var store = TestStore { $0.transport.speed = 1.95 }
    store.send(.speedDelta(0.5), effects: [.engineSetRate(2)]) {
      $0.editSpeed(to: 2)
      $0.toast = TestStore.toast("Speed 2.00 x", at: 0)
    }
    store.send(.speedDelta(0.05), effects: [.engineSetRate(2)])
    store.send(.speedDelta(-5), effects: [.engineSetRate(0.25)]) {
      $0.editSpeed(to: 0.25)
      $0.toast = TestStore.toast("Speed 0.25 x", at: 0)
    }
    store.send(.speedDelta(.nan))
  }

  @Test func speedStaysOnTheGridAfterHundredsOfSteps() {
    var state = State(transport: Transport(speed: 0.25))
    let context = ActionContext(now: TestStore.startedAt, newID: TestStore.id(1))
    for step in 1...100 {
      _ = Reducer.reduce(into: &state, action: .speedDelta(0.05), context: context)
      #expect(state.transport.speed == min(Double(5 + step) / 20, 2))
    }
    for step in 1...100 {
      _ = Reducer.reduce(into: &state, action: .speedDelta(-0.05), context: context)
      #expect(state.transport.speed == max(Double(40 - step) / 20, 0.25))
    }
    #expect(state.transport.speed == 0.25)
  }

  @Test func aSpeedOffTheGridIsSnappedToIt() {
    var store = TestStore { $0.transport.speed = 0.7333 }
    store.send(.speedDelta(0.01), effects: [.engineSetRate(0.74)]) {
      $0.editSpeed(to: 0.74)
      $0.toast = TestStore.toast("Speed 0.74 x", at: 0)
    }
  }

  @Test func fineSpeedStepsByOnePercentWithoutDrift() {
    var state = State()
    let context = ActionContext(now: TestStore.startedAt, newID: TestStore.id(1))
    for step in 1...200 {
      _ = Reducer.reduce(
        into: &state, action: .speedDelta(PracticeRules.speedStep), context: context)
      #expect(state.transport.speed == min(Double(100 + step) / 100, 2))
    }
    #expect(state.transport.speed == 2)
  }

  @Test func aTypedSpeedIsSetOnTheGridLikeAButton() {
    var store = TestStore()
    store.send(.setSpeed(0.737), effects: [.engineSetRate(0.74)]) {
      $0.editSpeed(to: 0.74)
      $0.toast = TestStore.toast("Speed 0.74 x", at: 0)
    }
    store.send(.setSpeed(2), effects: [.engineSetRate(2)]) {
      $0.editSpeed(to: 2)
      $0.toast = TestStore.toast("Speed 2.00 x", at: 0)
    }
  }

  /// A typed speed outside 0.25…2 (or not a number) changes nothing and says what is allowed;
  /// nothing is recorded for undo.
  @Test(arguments: [0.2, 2.01, 0, -1, 1e300, .infinity, .nan])
  func aTypedSpeedOutsideTheRangeChangesNothing(speed: Double) {
    var store = TestStore { $0.transport.speed = 0.8 }
    store.send(.setSpeed(speed), effects: []) {
      $0.toast = TestStore.toast("Speed 0.25 x to 2.00 x", at: 0)
    }
  }

  @Test func aTypedPitchIsSetOnTheCentGrid() {
    var store = TestStore { $0.transport.pitchSemitones = 2 }
    store.send(.setPitch(semitones: -0.318), effects: [.engineSetPitchSemitones(-0.32)]) {
      $0.editPitch(to: -0.32)
      $0.toast = TestStore.toast("Pitch -0.32 st", at: 0)
    }
    store.send(.pitchDelta(PracticeRules.pitchStep), effects: [.engineSetPitchSemitones(-0.31)]) {
      $0.editPitch(to: -0.31)
      $0.toast = TestStore.toast("Pitch -0.31 st", at: 0)
    }
  }

  @Test(arguments: [-12.01, 12.5, 1000, .nan, -.infinity])
  func aTypedPitchOutsideTheRangeChangesNothing(semitones: Double) {
    var store = TestStore { $0.transport.pitchSemitones = 3 }
    store.send(.setPitch(semitones: semitones), effects: []) {
      $0.toast = TestStore.toast("Pitch -12.00 st to +12.00 st", at: 0)
    }
  }

  @Test func pitchButtonsStepBySemitonesWithSignedToasts() {
    var store = TestStore()
    store.send(.pitchDelta(2), effects: [.engineSetPitchSemitones(2)]) {
      $0.editPitch(to: 2)
      $0.toast = TestStore.toast("Pitch +2.00 st", at: 0)
    }
    store.send(.pitchDelta(-5), effects: [.engineSetPitchSemitones(-3)]) {
      $0.editPitch(to: -3)
      $0.toast = TestStore.toast("Pitch -3.00 st", at: 0)
    }
    store.send(.pitchDelta(3), effects: [.engineSetPitchSemitones(0)]) {
      $0.editPitch(to: 0)
      $0.toast = TestStore.toast("Pitch 0.00 st", at: 0)
    }
  }

  @Test func pitchIsClampedToAnOctaveEachWay() {
    var store = TestStore { $0.transport.pitchSemitones = 11 }
    store.send(.pitchDelta(3), effects: [.engineSetPitchSemitones(12)]) {
      $0.editPitch(to: 12)
      $0.toast = TestStore.toast("Pitch +12.00 st", at: 0)
    }
    store.send(.pitchDelta(-30), effects: [.engineSetPitchSemitones(-12)]) {
      $0.editPitch(to: -12)
      $0.toast = TestStore.toast("Pitch -12.00 st", at: 0)
    }
    store.send(.pitchDelta(.infinity))
  }

  @Test func pitchStaysOnTheCentGridAfterHundredsOfSteps() {
    var state = State()
    let context = ActionContext(now: TestStore.startedAt, newID: TestStore.id(1))
    for step in 1...100 {
      _ = Reducer.reduce(into: &state, action: .pitchDelta(0.1), context: context)
      #expect(state.transport.pitchSemitones == Double(step) / 10)
    }
    for step in 1...300 {
      _ = Reducer.reduce(into: &state, action: .pitchDelta(-0.1), context: context)
      #expect(state.transport.pitchSemitones == max(Double(100 - step) / 10, -12))
    }
    _ = Reducer.reduce(into: &state, action: .pitchDelta(0.004), context: context)
    #expect(state.transport.pitchSemitones == -12)
  }

  @Test func negativeZeroPitchIsZero() {
    var store = TestStore { $0.transport.pitchSemitones = 0.01 }
    store.send(.pitchDelta(-0.014), effects: [.engineSetPitchSemitones(0)]) {
      $0.editPitch(to: 0)
      $0.toast = TestStore.toast("Pitch 0.00 st", at: 0)
    }
    #expect(store.state.transport.pitchSemitones.sign == .plus)
  }

  @Test func cycleSpeedWalksTheCycle() {
    var store = TestStore()
    for (index, speed) in [1.25, 1.5, 1.75, 2, 0.75, 0.5, 1].enumerated() {
      let t = Double(index)
      store.send(.cycleSpeed, at: t, effects: [.engineSetRate(speed)]) {
        $0.editSpeed(to: speed)
        $0.toast = TestStore.toast("Speed " + formatSpeed(speed), at: t)
      }
    }
  }

  @Test func cycleSpeedFromOffTheCycleGoesToOne() {
    var store = TestStore { $0.transport.speed = 0.95 }
    store.send(.cycleSpeed, effects: [.engineSetRate(1)]) {
      $0.editSpeed(to: 1)
      $0.toast = TestStore.toast("Speed 1.00 x", at: 0)
    }
  }
}
