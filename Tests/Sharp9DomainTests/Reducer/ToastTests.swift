import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: toasts") struct ToastTests {
  @Test func aToastLivesTwoSecondsFromTheActionThatRaisedIt() {
    var store = TestStore.loaded()
    store.send(.toggleLoopEnabled(true), at: 10) {
      $0.toast = TestStore.toast("Set A and B", at: 10)
    }
    store.send(.clearToastIfExpired(now: nil), at: 11.9)
    store.send(.clearToastIfExpired(now: nil), at: 12)
    store.send(.clearToastIfExpired(now: nil), at: 12.001) { $0.toast = nil }
    store.send(.clearToastIfExpired(now: nil), at: 13)
  }

  @Test func anExplicitNowWins() {
    var store = TestStore.loaded()
    store.send(.toggleLoopEnabled(true), at: 10) {
      $0.toast = TestStore.toast("Set A and B", at: 10)
    }
    store.send(.clearToastIfExpired(now: TestStore.date(11)), at: 50)
    store.send(.clearToastIfExpired(now: TestStore.date(12.5)), at: 0) { $0.toast = nil }
  }

  @Test func aNewToastReplacesTheOldOne() {
    var store = TestStore()
    store.send(.speedDelta(0.05), at: 1, effects: [.engineSetRate(1.05)]) {
      $0.editSpeed(to: 1.05)
      $0.toast = TestStore.toast("Speed 1.05 x", at: 1)
    }
    store.send(.pitchDelta(1), at: 2.5, effects: [.engineSetPitchSemitones(1)]) {
      $0.editPitch(to: 1)
      $0.toast = TestStore.toast("Pitch +1.00 st", at: 2.5)
    }
    store.send(.clearToastIfExpired(now: nil), at: 4)
  }
}
