import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: opening files") struct ImportTests {
  let url = URL(filePath: "/music/etude.wav")

  @Test func importPickedStartsLoading() {
    var store = TestStore()
    store.send(.importPicked(url: url), effects: [.engineLoad(url: url)]) {
      $0.isLoading = true
    }
  }

  @Test func importPickedWhilePlayingPausesAndForgetsTheOldTrack() {
    var store = TestStore.loaded {
      $0.transport = Transport(isPlaying: true, currentTimeSec: 42, speed: 0.75, pitchSemitones: -2)
      $0.loop = LoopPoints(aSec: 10, bSec: 20, enabled: true)
      $0.markers = [Marker(id: TestStore.id(99), timeSec: 5)]
      $0.mode = .marker
      $0.history = EditHistory(undo: [
        EditStep(
          label: "Set A",
          loop: ValueChange(
            before: LoopPoints(), after: LoopPoints(aSec: 10)))
      ])
    }
    store.send(.importPicked(url: url), effects: [.enginePause, .engineLoad(url: url)]) {
      $0.isLoading = true
      $0.track = nil
      $0.transport = Transport(isPlaying: false, currentTimeSec: 0, speed: 0.75, pitchSemitones: -2)
      $0.loop = LoopPoints()
      $0.markers = []
      $0.viewport = Viewport()
      $0.history = EditHistory()
    }
  }

  @Test func importSucceededShowsTheWholeTrackAndComputesPeaks() {
    var store = TestStore()
    store.send(.importPicked(url: url), effects: [.engineLoad(url: url)]) { $0.isLoading = true }
    let track = TrackMeta(name: "etude.wav", durationSec: 93.5)
    store.send(.importSucceeded(track: track), at: 0.4, effects: [.computePeaks]) {
      $0.isLoading = false
      $0.track = track
      $0.viewport = Viewport(startSec: 0, endSec: 93.5)
    }
  }

  @Test func importSucceededReplacesALoadedTrackAndItsEdits() {
    var store = TestStore.loaded {
      $0.transport.currentTimeSec = 30
      $0.loop = LoopPoints(aSec: 1, bSec: 2, enabled: true)
      $0.markers = [Marker(id: TestStore.id(99), timeSec: 5)]
      $0.history = EditHistory(redo: [
        EditStep(
          label: "Speed Change",
          speed: ValueChange(
            before: 1, after: 1.05))
      ])
    }
    let track = TrackMeta(name: "b.wav", durationSec: 10)
    store.send(.importSucceeded(track: track), effects: [.computePeaks]) {
      $0.track = track
      $0.transport.currentTimeSec = 0
      $0.loop = LoopPoints()
      $0.markers = []
      $0.viewport = Viewport(startSec: 0, endSec: 10)
      $0.history = EditHistory()
    }
  }

  @Test func importSucceededWithAnImpossibleDurationIsAFailure() {
    var store = TestStore()
    store.send(.importPicked(url: url), effects: [.engineLoad(url: url)]) { $0.isLoading = true }
    store.send(.importSucceeded(track: TrackMeta(name: "x", durationSec: .nan)), at: 1) {
      $0.isLoading = false
      $0.toast = TestStore.toast("Unable to open file", at: 1)
    }
  }

  @Test func importFailedStopsLoadingAndSaysSo() {
    var store = TestStore()
    store.send(.importPicked(url: url), effects: [.engineLoad(url: url)]) { $0.isLoading = true }
    store.send(.importFailed(message: "unsupported format"), at: 2.5) {
      $0.isLoading = false
      $0.toast = TestStore.toast("Unable to open file", at: 2.5)
    }
  }

  @Test func onAppearChangesNothing() {
    var store = TestStore.loaded()
    store.send(.onAppear)
  }
}
