import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: beat grid, tap tempo, metronome, count-in, snap") struct RhythmTests {
  /// 120 BPM from 0.25 s on a 10 s track: beats every 0.5 s, bars every 2 s.
  static let grid = BeatGrid.constant(tempo: 120, anchorSec: 0.25, durationSec: 10)

  static func loaded(_ adjust: (inout State) -> Void = { _ in }) -> TestStore {
    TestStore.loaded(duration: 10) {
      $0.rhythm.detected = grid
      adjust(&$0)
    }
  }

  @Test func theConstantGridHasEveryBeatAndEveryFourthIsABar() {
    #expect(Self.grid.beats.first == 0.25)
    #expect(Self.grid.beats.last == 9.75)
    #expect(Self.grid.beats.count == 20)
    #expect(Self.grid.downbeats == [0.25, 2.25, 4.25, 6.25, 8.25])
    #expect(Self.grid.isValid(durationSec: 10))
    // Before the anchor too: a bar 2 s before 2.25 starts at 0.25.
    #expect(BeatGrid.constant(tempo: 120, anchorSec: 2.25, durationSec: 10) == Self.grid)
  }

  @Test func theDetectedGridIsKeptAndSentToTheEngine() {
    var store = TestStore.loaded(duration: 10)
    store.send(
      .beatGridDetected(Self.grid),
      effects: [
        .engineSetBeatGrid(Self.grid),
        .engineSetClicks(ClickSettings(countInLevel: 0.5, beatSec: 0.5)),
      ]
    ) {
      $0.rhythm.detected = Self.grid
    }
    #expect(store.state.beatGrid == Self.grid)
    #expect(store.state.tempo == 120)
  }

  /// A grid that the analysis could not have made changes nothing; without a track, neither.
  @Test func anImpossibleDetectedGridIsIgnored() {
    var store = TestStore.loaded(duration: 10)
    let bad: [BeatGrid] = [
      BeatGrid(tempo: 120, beats: [1, 0.5], downbeats: []),
      BeatGrid(tempo: 120, beats: [0.5, 11], downbeats: []),
      BeatGrid(tempo: 120, beats: [0.5, 0.55], downbeats: []),
      BeatGrid(tempo: 120, beats: [0.5, 1], downbeats: [0.75]),
      BeatGrid(tempo: 0, beats: [0.5, 1], downbeats: []),
      BeatGrid(tempo: 1e300, beats: [0.5, 1], downbeats: []),
      BeatGrid(tempo: 10_000, beats: [0.5, 1], downbeats: []),
      BeatGrid(tempo: nil, beats: [0.5, 1], downbeats: []),
      BeatGrid(tempo: 120, beats: [-0.5, 1], downbeats: []),
      BeatGrid(tempo: .infinity, beats: [], downbeats: []),
      BeatGrid(tempo: 120, beats: [.nan], downbeats: []),
    ]
    for grid in bad { store.send(.beatGridDetected(grid)) }
    var empty = TestStore()
    empty.send(.beatGridDetected(Self.grid))
  }

  /// Four taps half a second apart at speed 1 are 120 BPM, with a bar at the playhead.
  @Test func fourTapsSetAConstantTempoAnchoredAtThePlayhead() {
    var store = Self.loaded { $0.transport.currentTimeSec = 3 }
    for (index, t) in [10.0, 10.5, 11].enumerated() {
      store.send(.tapTempo, at: t) {
        $0.rhythm.taps.append(TestStore.date(t))
        $0.toast = TestStore.toast("Tap \(index + 1)", at: t)
      }
    }
    let edit = GridEdit(tempo: 120, anchorSec: 3)
    let constant = BeatGrid.constant(tempo: 120, anchorSec: 3, durationSec: 10)
    store.send(
      .tapTempo, at: 11.5,
      effects: [
        .engineSetBeatGrid(constant),
        .engineSetClicks(ClickSettings(countInLevel: 0.5, beatSec: 0.5)),
      ]
    ) {
      $0.rhythm.taps.append(TestStore.date(11.5))
      $0.editGrid("Tap Tempo", to: edit)
      $0.toast = TestStore.toast("Tempo 120.0 BPM", at: 11.5)
    }
    #expect(store.state.beatGrid == constant)
    // Undo brings the analysed grid back, and tells the engine.
    store.send(
      .undo,
      effects: [
        .engineSetBeatGrid(Self.grid),
        .engineSetClicks(ClickSettings(countInLevel: 0.5, beatSec: 0.5)),
      ]
    ) {
      $0.rhythm.edit = GridEdit()
      $0.history.redo = $0.history.undo
      $0.history.undo = []
      $0.toast = TestStore.toast("Undo Tap Tempo", at: 11.5)
    }
    store.send(
      .redo,
      effects: [
        .engineSetBeatGrid(constant),
        .engineSetClicks(ClickSettings(countInLevel: 0.5, beatSec: 0.5)),
      ]
    ) {
      $0.rhythm.edit = edit
      $0.history.undo = $0.history.redo
      $0.history.redo = []
      $0.toast = TestStore.toast("Redo Tap Tempo", at: 11.5)
    }
  }

  /// At half speed a beat heard every 0.5 s is 0.25 s of the source: 240 BPM.
  @Test func tapsAtHalfSpeedCountInSourceTime() {
    var store = Self.loaded { $0.transport.speed = 0.5 }
    for t in [1.0, 1.5, 2] {
      store.send(.tapTempo, at: t) {
        $0.rhythm.taps.append(TestStore.date(t))
        $0.toast = TestStore.toast("Tap \($0.rhythm.taps.count)", at: t)
      }
    }
    let edit = GridEdit(tempo: 240, anchorSec: 0)
    store.send(
      .tapTempo, at: 2.5,
      effects: [
        .engineSetBeatGrid(.constant(tempo: 240, anchorSec: 0, durationSec: 10)),
        .engineSetClicks(ClickSettings(countInLevel: 0.5, beatSec: 0.25)),
      ]
    ) {
      $0.rhythm.taps.append(TestStore.date(2.5))
      $0.editGrid("Tap Tempo", to: edit)
      $0.toast = TestStore.toast("Tempo 240.0 BPM", at: 2.5)
    }
  }

  /// A pause longer than the tap gap starts a new count; taps too far apart for the tempo range
  /// (the fourth at 4 s intervals would be 15 BPM) say the range and change nothing.
  @Test func slowTapsStartOverAndOutOfRangeTapsAreRefused() {
    var store = Self.loaded()
    store.send(.tapTempo, at: 1) {
      $0.rhythm.taps = [TestStore.date(1)]
      $0.toast = TestStore.toast("Tap 1", at: 1)
    }
    store.send(.tapTempo, at: 5) {
      $0.rhythm.taps = [TestStore.date(5)]
      $0.toast = TestStore.toast("Tap 1", at: 5)
    }
    var fast = Self.loaded { $0.transport.speed = 2 }
    for (index, t) in [1.0, 1.05, 1.1].enumerated() {
      fast.send(.tapTempo, at: t) {
        $0.rhythm.taps.append(TestStore.date(t))
        $0.toast = TestStore.toast("Tap \(index + 1)", at: t)
      }
    }
    fast.send(.tapTempo, at: 1.15) {
      $0.rhythm.taps.append(TestStore.date(1.15))
      $0.toast = TestStore.toast("Tempo must be 20 to 300 BPM", at: 1.15)
    }
  }

  @Test func aTypedTempoKeepsTheFirstBarStart() {
    var store = Self.loaded()
    let edit = GridEdit(tempo: 90, anchorSec: 0.25)
    store.send(
      .setTempo(bpm: 90),
      effects: [
        .engineSetBeatGrid(.constant(tempo: 90, anchorSec: 0.25, durationSec: 10)),
        .engineSetClicks(ClickSettings(countInLevel: 0.5, beatSec: 60.0 / 90)),
      ]
    ) {
      $0.editGrid("Set Tempo", to: edit)
      $0.toast = TestStore.toast("Tempo 90.0 BPM", at: 0)
    }
  }

  /// Tempo 0, 10,000 BPM, 19.9 and non-finite values change nothing and say the range.
  @Test func badTemposChangeNothing() {
    var store = Self.loaded()
    for bpm in [0, 10_000, 19.9, 300.1, -120, .nan, .infinity] {
      store.send(.setTempo(bpm: bpm)) {
        $0.toast = TestStore.toast("Tempo must be 20 to 300 BPM", at: 0)
      }
    }
    var empty = TestStore()
    empty.send(.setTempo(bpm: 120))
    empty.send(.tapTempo)
  }

  @Test func shiftingMovesEveryBeatAndUndoes() {
    var store = Self.loaded()
    let shifted = Self.grid.shifted(by: 0.01, durationSec: 10)
    store.send(
      .shiftGrid(seconds: 0.01),
      effects: [
        .engineSetBeatGrid(shifted),
        .engineSetClicks(ClickSettings(countInLevel: 0.5, beatSec: 0.5)),
      ]
    ) {
      $0.editGrid("Shift Grid", to: GridEdit(shiftSec: 0.01))
      $0.toast = TestStore.toast("Grid later 0.01 s", at: 0)
    }
    #expect(abs((store.state.beatGrid?.beats.first ?? 0) - 0.26) < 1e-12)
    for seconds in [2.5, -2.01, .nan, .infinity] {
      store.send(.shiftGrid(seconds: seconds)) {
        $0.toast = TestStore.toast("Shift the grid by at most 2 s", at: 0)
      }
    }
    store.send(.shiftGrid(seconds: 0))
    var none = TestStore.loaded(duration: 10) { $0.rhythm.detected = BeatGrid.none }
    none.send(.shiftGrid(seconds: 0.01)) {
      $0.toast = TestStore.toast("No beat grid: tap the tempo", at: 0)
    }
  }

  @Test func theMetronomeAndTheCountInReachTheEngine() {
    var store = Self.loaded()
    store.send(
      .setMetronome(enabled: true, level: 0.7),
      effects: [
        .engineSetClicks(ClickSettings(metronomeLevel: 0.7, countInLevel: 0.7, beatSec: 0.5))
      ]
    ) {
      $0.rhythm.clicks.metronomeOn = true
      $0.rhythm.clicks.level = 0.7
      $0.toast = TestStore.toast("Metronome 70 %", at: 0)
    }
    store.send(
      .setCountIn(beats: 4, everyPass: true),
      effects: [
        .engineSetClicks(
          ClickSettings(
            metronomeLevel: 0.7, countInLevel: 0.7, countInBeats: 4, countInEveryPass: true,
            beatSec: 0.5))
      ]
    ) {
      $0.rhythm.clicks.countInBeats = 4
      $0.rhythm.clicks.countInEveryPass = true
      $0.toast = TestStore.toast("Count-in 4 beats, every pass", at: 0)
    }
    store.send(
      .setMetronome(enabled: false, level: 0.7),
      effects: [
        .engineSetClicks(
          ClickSettings(
            countInLevel: 0.7, countInBeats: 4, countInEveryPass: true, beatSec: 0.5))
      ]
    ) {
      $0.rhythm.clicks.metronomeOn = false
      $0.toast = TestStore.toast("Metronome off", at: 0)
    }
    store.send(.setCountIn(beats: 4, everyPass: true))
  }

  @Test func badClickSettingsChangeNothing() {
    var store = Self.loaded()
    for level in [-0.1, 1.01, .nan, .infinity] {
      store.send(.setMetronome(enabled: true, level: level)) {
        $0.toast = TestStore.toast("Click level must be 0 to 1", at: 0)
      }
    }
    for beats in [-1, 17, Int.max] {
      store.send(.setCountIn(beats: beats, everyPass: false)) {
        $0.toast = TestStore.toast("Count in 0 to 16 beats", at: 0)
      }
    }
  }

  @Test func nudgingByBeatsLandsOnBeatsAndNeverCrosses() {
    var store = Self.loaded { $0.loop = LoopPoints(aSec: 1.1, bSec: 3.25, enabled: true) }
    store.send(.nudgeABeats(1), effects: [.engineSetLoop(aSec: 1.25, bSec: 3.25, enabled: true)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 1.25, bSec: 3.25, enabled: true))
    }
    store.send(.nudgeABeats(2), effects: [.engineSetLoop(aSec: 2.25, bSec: 3.25, enabled: true)]) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 2.25, bSec: 3.25, enabled: true))
    }
    store.send(.nudgeBBeats(-1), effects: [.engineSetLoop(aSec: 2.25, bSec: 2.75, enabled: true)]) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 2.25, bSec: 2.75, enabled: true))
    }
    store.send(.nudgeBBeats(-1)) { $0.toast = TestStore.toast("A must be before B", at: 0) }
    store.send(.nudgeABeats(-100)) { $0.toast = TestStore.toast("No beat there", at: 0) }
    store.send(.nudgeABeats(Int.max)) { $0.toast = TestStore.toast("No beat there", at: 0) }
    store.send(.nudgeABeats(0))
    var none = TestStore.loaded(duration: 10) { $0.loop = LoopPoints(aSec: 1, bSec: 2) }
    none.send(.nudgeABeats(1)) { $0.toast = TestStore.toast("No beat grid: tap the tempo", at: 0) }
  }

  @Test func snappingPutsABOnBeatsOrBars() {
    var store = Self.loaded()
    store.send(.setSnap(.beats)) {
      $0.rhythm.snap = .beats
      $0.toast = TestStore.toast("Snap to beats", at: 0)
    }
    store.send(
      .setA(timeSec: 1.4), effects: [.engineSetLoop(aSec: 1.25, bSec: nil, enabled: false)]
    ) {
      $0.editLoop("Set A", to: LoopPoints(aSec: 1.25))
    }
    store.send(.setSnap(.bars)) {
      $0.rhythm.snap = .bars
      $0.toast = TestStore.toast("Snap to bars", at: 0)
    }
    store.send(
      .setB(timeSec: 3.4), effects: [.engineSetLoop(aSec: 1.25, bSec: 4.25, enabled: false)]
    ) {
      $0.editLoop("Set B", to: LoopPoints(aSec: 1.25, bSec: 4.25))
    }
    store.send(.setSnap(.bars))
    store.send(.setSnap(.off)) {
      $0.rhythm.snap = .off
      $0.toast = TestStore.toast("Snap off", at: 0)
    }
  }

  /// A new track forgets the grid and the taps; the clicks and the snap are the musician's.
  @Test func importingForgetsTheGridButKeepsTheClicks() {
    var store = Self.loaded {
      $0.rhythm.taps = [TestStore.date(0)]
      $0.rhythm.edit = GridEdit(tempo: 100)
      $0.rhythm.clicks.metronomeOn = true
      $0.rhythm.snap = .bars
    }
    let url = URL(fileURLWithPath: "/music/b.wav")
    store.send(.importPicked(url: url), effects: [.engineLoad(url: url)]) {
      $0.track = nil
      $0.isLoading = true
      $0.viewport = Viewport()
      $0.rhythm.detected = nil
      $0.rhythm.edit = GridEdit()
      $0.rhythm.taps = []
    }
  }
}
