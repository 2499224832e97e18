import Foundation

/// The moves of a fuzzed session, each a burst of one to a few related actions.
extension FuzzRun {
  /// Engine ticks at 30 Hz (``RandomActions/nextTick(in:)``).
  mutating func tick() {
    for _ in 0..<count(1...30) { emit(.tick, after: 1.0 / 30) }
  }

  /// A tap, a scrub drag, a skip or the pad's Prev/Next.
  mutating func seek() {
    switch count(0...4) {
    case 0: emit(.tapWaveform)
    case 1:
      for _ in 0..<count(2...8) { emit(.dragScrub, after: 0.016) }
    case 2: emit(.skip)
    case 3: emit(.seekToStart)
    default: emit(.seekToEnd)
    }
  }

  /// Loop points by time or by the pad's A/B cycle (often several presses), and the loop switch.
  mutating func editLoop() {
    switch count(0...4) {
    case 0: emit(.setA)
    case 1: emit(.setB)
    case 2:
      for _ in 0..<count(1...4) { emit(.abCycle) }
    default: emit(.toggleLoopEnabled)
    }
  }

  /// Bursts of speed or pitch button presses, or the pad's speed cycle.
  mutating func changeTempo() {
    switch count(0...4) {
    case 0, 1:
      for _ in 0..<count(1...6) { emit(.speedDelta) }
    case 2, 3:
      for _ in 0..<count(1...4) { emit(.pitchDelta) }
    default: emit(.cycleSpeed)
    }
  }

  /// Markers at a time or at the playhead (sometimes a double tap inside the debounce), and
  /// deleting one.
  mutating func editMarkers() {
    switch count(0...3) {
    case 0: emit(.addMarker)
    case 1:
      emit(.markNow)
      if actions.chance(30) { emit(.markNow, after: 0.08) }
    default: emit(.deleteMarker)
    }
  }

  /// An undo/redo storm: a burst of undos and redos in quick succession (more undos first, then
  /// more redos), sometimes past the ends of the stacks, sometimes followed by a new edit that
  /// clears the redo stack.
  mutating func undoRedoStorm() {
    let total = count(1...12)
    for index in 0..<total {
      let undoShare = index < total / 2 ? 80 : 30
      let pause = RandomActions.millis(Double.random(in: 0.08...0.4, using: &actions.random))
      emit(actions.chance(undoShare) ? .undo : .redo, after: pause)
    }
    if actions.chance(25) { changeTempo() }
  }

  /// Rare events: a re-import (or a failed one), the window reappearing.
  mutating func oddity() {
    switch count(0...1) {
    case 0: loadTrack()
    default: emit(.onAppear)
    }
  }
}
