import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: lock") struct LockTests {
  /// One of every user action (the lock must ignore them all).
  static let userActions: [Action] = [
    .importPicked(url: URL(filePath: "/x.wav")), .setMode(.marker), .tapWaveform(timeSec: 1),
    .dragScrub(timeSec: 1), .togglePlay, .speedDelta(0.05), .pitchDelta(1),
    .addMarker(timeSec: 1), .deleteMarker(id: TestStore.id(90)), .toggleLoopEnabled(false),
    .setA(timeSec: 1), .setB(timeSec: 2), .skip(seconds: 5), .abCycle, .cycleSpeed, .markNow,
    .setLocked(true), .seekToStart, .seekToEnd, .undo, .redo,
  ]

  @Test func lockingSaysSo() {
    var store = TestStore.loaded()
    store.send(.setLocked(true), at: 3) {
      $0.isLocked = true
      $0.toast = TestStore.toast("Locked", at: 3)
    }
  }

  @Test func whileLockedEveryUserActionIsIgnored() {
    var store = TestStore.loaded {
      $0.isLocked = true
      $0.transport.currentTimeSec = 20
      $0.loop = LoopPoints(aSec: 10, bSec: 30, enabled: true)
      $0.markers = [Marker(id: TestStore.id(90), timeSec: 4)]
    }
    for action in Self.userActions {
      #expect(action.isUserAction)
      store.send(action, at: 1)
    }
  }

  @Test func whileLockedTheEngineAndTimersStillApply() {
    var store = TestStore.loaded { $0.isLocked = true }
    store.send(.tick(currentTimeSec: 2)) { $0.transport.currentTimeSec = 2 }
    store.send(.setLocked(false), at: 1) {
      $0.isLocked = false
      $0.toast = TestStore.toast("Unlocked", at: 1)
    }
    store.send(.setLocked(true), at: 1) {
      $0.isLocked = true
      $0.toast = TestStore.toast("Locked", at: 1)
    }
    store.send(.clearToastIfExpired(now: nil), at: 3.5) { $0.toast = nil }
    store.send(.importFailed(message: "gone"), at: 4) {
      $0.toast = TestStore.toast("Unable to open file", at: 4)
    }
    let track = TrackMeta(name: "b.wav", durationSec: 9)
    store.send(.importSucceeded(track: track), effects: [.computePeaks]) {
      $0.track = track
      $0.transport.currentTimeSec = 0
      $0.viewport = Viewport(startSec: 0, endSec: 9)
    }
    store.send(.onAppear)
  }

  @Test func unlockingWhenUnlockedChangesNothing() {
    var store = TestStore.loaded()
    store.send(.setLocked(false))
  }
}
