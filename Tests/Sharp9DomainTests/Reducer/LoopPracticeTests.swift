import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: loop passes and the speed trainer") struct LoopPracticeTests {
  static let trainer = SpeedTrainer(
    startSpeed: 0.6, step: 0.05, everyPasses: 2, targetSpeed: 1, onStop: .reset)
  static let loop = LoopPoints(aSec: 10, bSec: 20, enabled: true)

  @Test func passLimitIsSetAndCleared() {
    var store = TestStore.loaded { $0.loop = Self.loop }
    store.send(.setLoopPasses(4), effects: [.engineSetLoopPractice(LoopPractice(passLimit: 4))]) {
      $0.loopPractice.passLimit = 4
      $0.toast = TestStore.toast("Stop after 4 passes", at: 0)
    }
    store.send(.setLoopPasses(1), effects: [.engineSetLoopPractice(LoopPractice(passLimit: 1))]) {
      $0.loopPractice.passLimit = 1
      $0.toast = TestStore.toast("Stop after 1 pass", at: 0)
    }
    store.send(.setLoopPasses(nil), effects: [.engineSetLoopPractice(LoopPractice())]) {
      $0.loopPractice.passLimit = nil
      $0.toast = TestStore.toast("Loop until stopped", at: 0)
    }
  }

  @Test func theTrainerStartsAtItsStartSpeedAndGoesOff() {
    var store = TestStore.loaded { $0.loop = Self.loop }
    store.send(
      .setSpeedTrainer(Self.trainer),
      effects: [.engineSetLoopPractice(LoopPractice(trainer: Self.trainer)), .engineSetRate(0.6)]
    ) {
      $0.loopPractice.trainer = Self.trainer
      $0.transport.speed = 0.6
      $0.toast = TestStore.toast("Speed trainer 0.60 x to 1.00 x", at: 0)
    }
    store.send(.trainerStepped(speed: 0.65, wallSec: 3), at: 4) {
      $0.transport.speed = 0.65
      $0.toast = TestStore.toast("Speed 0.65 x", at: 4)
    }
    store.send(.setSpeedTrainer(nil), effects: [.engineSetLoopPractice(LoopPractice())]) {
      $0.loopPractice.trainer = nil
      $0.toast = TestStore.toast("Speed trainer off", at: 4)
    }
  }

  @Test func aStopResetsTheSpeedOrHoldsIt() {
    var store = TestStore.loaded {
      $0.loop = Self.loop
      $0.loopPractice.trainer = Self.trainer
      $0.transport.speed = 0.8
      $0.transport.isPlaying = true
    }
    store.send(.togglePlay, effects: [.enginePause, .engineSetRate(0.6)]) {
      $0.transport.isPlaying = false
      $0.transport.speed = 0.6
    }
    var hold = Self.trainer
    hold.onStop = .hold
    var holding = TestStore.loaded {
      $0.loop = Self.loop
      $0.loopPractice.trainer = hold
      $0.transport.speed = 0.8
      $0.transport.isPlaying = true
    }
    holding.send(.togglePlay, effects: [.enginePause]) { $0.transport.isPlaying = false }
  }

  @Test func theLastPassStopsAtAAndResetsTheTrainer() {
    var store = TestStore.loaded {
      $0.loop = Self.loop
      $0.loopPractice = LoopPractice(passLimit: 3, trainer: Self.trainer)
      $0.transport.speed = 0.7
      $0.transport.isPlaying = true
      $0.transport.currentTimeSec = 19.9
    }
    store.send(.loopPassesCompleted(wallSec: 40), at: 41, effects: [.engineSetRate(0.6)]) {
      $0.transport.isPlaying = false
      $0.transport.currentTimeSec = 10
      $0.transport.speed = 0.6
      $0.toast = TestStore.toast("Played 3 passes", at: 41)
    }
  }

  /// Bad plans get one toast and change nothing: passes 0, -1 or huge; a trainer off the speed
  /// grid, counting no passes, stepping by nothing or too much, or never reaching its target;
  /// a non-finite step from the engine. Without a track nothing happens at all.
  @Test func badInputChangesNothing() {
    var store = TestStore.loaded { $0.loop = Self.loop }
    for passes in [0, -1, 100, Int.max, Int.min] {
      store.send(.setLoopPasses(passes)) { $0.toast = TestStore.toast("Passes 1 to 99", at: 0) }
    }
    func plan(_ start: Double, _ step: Double, _ every: Int, _ target: Double) -> SpeedTrainer {
      SpeedTrainer(
        startSpeed: start, step: step, everyPasses: every, targetSpeed: target, onStop: .hold)
    }
    let refusals: [(SpeedTrainer, String)] = [
      (plan(0.2, 0.05, 1, 1), "Trainer speeds 0.25 x to 2.00 x"),
      (plan(0.6, 0.05, 1, 2.5), "Trainer speeds 0.25 x to 2.00 x"),
      (plan(0.605, 0.05, 1, 1), "Trainer speeds 0.25 x to 2.00 x"),
      (plan(.nan, 0.05, 1, 1), "Trainer speeds 0.25 x to 2.00 x"),
      (plan(0.6, 0.05, 0, 1), "Trainer every 1 to 99 passes"),
      (plan(0.6, 0.05, 100, 1), "Trainer every 1 to 99 passes"),
      (plan(0.6, 0, 1, 1), "Trainer step 0.01 x to 0.25 x"),
      (plan(0.6, 0.3, 1, 1), "Trainer step 0.01 x to 0.25 x"),
      (plan(0.6, 0.005, 1, 1), "Trainer step 0.01 x to 0.25 x"),
      (plan(0.6, .infinity, 1, 1), "Trainer step 0.01 x to 0.25 x"),
      (plan(0.6, -0.05, 1, 1), "Trainer step never reaches 1.00 x"),
      (plan(1, 0.05, 1, 0.6), "Trainer step never reaches 0.60 x"),
    ]
    for (trainer, message) in refusals {
      store.send(.setSpeedTrainer(trainer)) { $0.toast = TestStore.toast(message, at: 0) }
    }
    store.send(.trainerStepped(speed: .nan, wallSec: 1))
    var empty = TestStore { _ in }
    empty.send(.setLoopPasses(2))
    empty.send(.setSpeedTrainer(Self.trainer))
    empty.send(.loopPassesCompleted(wallSec: 1))
  }

  @Test func aStartAtTheTargetIsAValidPlanThatNeverSteps() {
    let flat = SpeedTrainer(
      startSpeed: 0.8, step: 0.05, everyPasses: 1, targetSpeed: 0.8, onStop: .hold)
    #expect(flat.isValid && flat.speed(after: 0.8) == 0.8)
    #expect(Self.trainer.speed(after: 0.6) == 0.65 && Self.trainer.speed(after: 0.98) == 1)
  }

  @Test func loadingAnotherTrackForgetsThePractice() {
    var store = TestStore.loaded { $0.loopPractice = LoopPractice(passLimit: 2) }
    store.send(
      .importPicked(url: URL(fileURLWithPath: "/music/b.wav")),
      effects: [.engineLoad(url: URL(fileURLWithPath: "/music/b.wav"))]
    ) {
      $0.track = nil
      $0.isLoading = true
      $0.loop = LoopPoints()
      $0.loopPractice = LoopPractice()
      $0.viewport = Viewport()
    }
  }
}
