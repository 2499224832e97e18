import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: transport") struct TransportTests {
  @Test func togglePlayPlaysAndPauses() {
    var store = TestStore.loaded()
    store.send(.togglePlay, effects: [.enginePlay]) { $0.transport.isPlaying = true }
    store.send(.togglePlay, effects: [.enginePause]) { $0.transport.isPlaying = false }
  }

  @Test func togglePlayAtTheEndStartsOver() {
    var store = TestStore.loaded(duration: 30) { $0.transport.currentTimeSec = 30 }
    store.send(.togglePlay, effects: [.engineSeek(timeSec: 0), .enginePlay]) {
      $0.transport.isPlaying = true
      $0.transport.currentTimeSec = 0
    }
  }

  /// The song played to its end: paused there (the engine has stopped), and play starts over.
  @Test func playingToTheEndPausesThereAndPlayStartsOver() {
    var store = TestStore.loaded(duration: 30)
    store.send(.togglePlay, effects: [.enginePlay]) { $0.transport.isPlaying = true }
    store.send(.tick(currentTimeSec: 29.9)) { $0.transport.currentTimeSec = 29.9 }
    store.send(.playedToEnd(wallSec: 31.2)) {
      $0.transport.isPlaying = false
      $0.transport.currentTimeSec = 30
    }
    store.send(.togglePlay, effects: [.engineSeek(timeSec: 0), .enginePlay]) {
      $0.transport.isPlaying = true
      $0.transport.currentTimeSec = 0
    }
  }

  /// The engine's report is not the musician's: the lock lets it through, and with no track it
  /// does nothing.
  @Test func playedToEndAppliesWhileLockedAndNeedsATrack() {
    var store = TestStore.loaded(duration: 30) {
      $0.transport.isPlaying = true
      $0.isLocked = true
    }
    store.send(.playedToEnd(wallSec: 30)) {
      $0.transport.isPlaying = false
      $0.transport.currentTimeSec = 30
    }
    var empty = TestStore()
    empty.send(.playedToEnd(wallSec: 30))
  }

  @Test func withoutATrackTransportActionsAreNoOps() {
    var store = TestStore()
    for action: Action in [
      .togglePlay, .tick(currentTimeSec: 3), .dragScrub(timeSec: 3), .tapWaveform(timeSec: 3),
      .skip(seconds: 5), .seekToStart, .seekToEnd,
    ] {
      store.send(action)
    }
  }

  @Test func tickMovesThePlayheadClampedToTheTrack() {
    var store = TestStore.loaded(duration: 60)
    store.send(.tick(currentTimeSec: 12.5)) { $0.transport.currentTimeSec = 12.5 }
    store.send(.tick(currentTimeSec: 75)) { $0.transport.currentTimeSec = 60 }
    store.send(.tick(currentTimeSec: -1)) { $0.transport.currentTimeSec = 0 }
    store.send(.tick(currentTimeSec: .nan))
    store.send(.tick(currentTimeSec: .infinity))
  }

  @Test func dragScrubSeeksClamped() {
    var store = TestStore.loaded(duration: 60)
    store.send(.dragScrub(timeSec: 7.25), effects: [.engineSeek(timeSec: 7.25)]) {
      $0.transport.currentTimeSec = 7.25
    }
    store.send(.dragScrub(timeSec: 600), effects: [.engineSeek(timeSec: 60)]) {
      $0.transport.currentTimeSec = 60
    }
    store.send(.dragScrub(timeSec: -3), effects: [.engineSeek(timeSec: 0)]) {
      $0.transport.currentTimeSec = 0
    }
  }

  @Test func tapInLoopModeSeeks() {
    var store = TestStore.loaded { $0.mode = .loop }
    store.send(.tapWaveform(timeSec: 9), effects: [.engineSeek(timeSec: 9)]) {
      $0.transport.currentTimeSec = 9
    }
  }

  @Test func tapInSetAModeSetsA() {
    var store = TestStore.loaded { $0.mode = .setA }
    store.send(
      .tapWaveform(timeSec: 9), effects: [.engineSetLoop(aSec: 9, bSec: nil, enabled: false)]
    ) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 9))
    }
  }

  @Test func tapInSetBModeSetsB() {
    var store = TestStore.loaded { $0.mode = .setB }
    store.send(
      .tapWaveform(timeSec: 900), effects: [.engineSetLoop(aSec: nil, bSec: 180, enabled: false)]
    ) {
      $0.editLoop("Set B", to: LoopPoints(bSec: 180))
    }
  }

  @Test func tapInMarkerModeAddsAMarker() {
    var store = TestStore.loaded { $0.mode = .marker }
    let id = store.nextID
    store.send(.tapWaveform(timeSec: 4.5)) { $0.editAddMarker(Marker(id: id, timeSec: 4.5)) }
  }

  @Test func setModeChangesWhatTapsDo() {
    var store = TestStore()
    for mode in Mode.allCases { store.send(.setMode(mode)) { $0.mode = mode } }
  }

  @Test func skipJumpsClampedToTheTrack() {
    var store = TestStore.loaded(duration: 12) { $0.transport.currentTimeSec = 4 }
    store.send(.skip(seconds: 5), effects: [.engineSeek(timeSec: 9)]) {
      $0.transport.currentTimeSec = 9
    }
    store.send(.skip(seconds: 5), effects: [.engineSeek(timeSec: 12)]) {
      $0.transport.currentTimeSec = 12
    }
    store.send(.skip(seconds: -5), effects: [.engineSeek(timeSec: 7)]) {
      $0.transport.currentTimeSec = 7
    }
    store.send(.skip(seconds: -50), effects: [.engineSeek(timeSec: 0)]) {
      $0.transport.currentTimeSec = 0
    }
    store.send(.skip(seconds: .nan))
  }

  @Test func skipSnapsIntoAnEnabledLoop() {
    var store = TestStore.loaded {
      $0.loop = LoopPoints(aSec: 10, bSec: 20, enabled: true)
      $0.transport.currentTimeSec = 12
    }
    store.send(.skip(seconds: -5), effects: [.engineSeek(timeSec: 10)]) {
      $0.transport.currentTimeSec = 10
    }
    store.send(.skip(seconds: 5), effects: [.engineSeek(timeSec: 15)]) {
      $0.transport.currentTimeSec = 15
    }
    store.send(.skip(seconds: 5), effects: [.engineSeek(timeSec: 20)]) {
      $0.transport.currentTimeSec = 20
    }
  }

  @Test func skipIgnoresADisabledLoop() {
    var store = TestStore.loaded {
      $0.loop = LoopPoints(aSec: 10, bSec: 20, enabled: false)
      $0.transport.currentTimeSec = 12
    }
    store.send(.skip(seconds: -5), effects: [.engineSeek(timeSec: 7)]) {
      $0.transport.currentTimeSec = 7
    }
  }

  @Test func prevAndNextGoToTheTrackEndsWithoutALoop() {
    var store = TestStore.loaded(duration: 50) { $0.transport.currentTimeSec = 20 }
    store.send(.seekToEnd, effects: [.engineSeek(timeSec: 50)]) {
      $0.transport.currentTimeSec = 50
    }
    store.send(.seekToStart, effects: [.engineSeek(timeSec: 0)]) {
      $0.transport.currentTimeSec = 0
    }
  }

  @Test func prevAndNextGoToAAndB() {
    var store = TestStore.loaded(duration: 50) {
      $0.loop = LoopPoints(aSec: 5, bSec: 15, enabled: false)
    }
    store.send(.seekToEnd, effects: [.engineSeek(timeSec: 15)]) {
      $0.transport.currentTimeSec = 15
    }
    store.send(.seekToStart, effects: [.engineSeek(timeSec: 5)]) {
      $0.transport.currentTimeSec = 5
    }
  }

  @Test func prevAndNextUseWhicheverPointIsSet() {
    var store = TestStore.loaded(duration: 50) { $0.loop = LoopPoints(aSec: nil, bSec: 15) }
    store.send(.seekToStart, effects: [.engineSeek(timeSec: 0)])
    store.send(.seekToEnd, effects: [.engineSeek(timeSec: 15)]) {
      $0.transport.currentTimeSec = 15
    }
  }
}
