import Foundation

/// The moves of a fuzzed session, each a burst of one to a few related actions.
extension FuzzRun {
  /// Engine ticks at 30 Hz: the playhead advances by the speed while playing and wraps from B to
  /// A while the loop is on; a stopped engine repeats its position.
  mutating func tick() {
    let count = Int.random(in: 1...30, using: &random)
    for _ in 0..<count {
      var time = state.transport.currentTimeSec
      if state.transport.isPlaying {
        time += state.transport.speed / 30
        if state.loop.enabled, let a = state.loop.aSec, let b = state.loop.bSec, time >= b {
          time = a
        }
        time = min(time, state.track?.durationSec ?? 0)
      }
      emit(.tick(currentTimeSec: millis(time)), after: 1.0 / 30)
    }
  }

  /// A tap, a scrub drag, a skip or the pad's Prev/Next.
  mutating func seek() {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: emit(.tapWaveform(timeSec: trackTime()))
    case 1:
      var time = trackTime()
      for _ in 0..<Int.random(in: 2...8, using: &random) {
        emit(.dragScrub(timeSec: time), after: 0.016)
        time = millis(time + Double.random(in: -2...2, using: &random))
      }
    case 2: emit(.skip(seconds: pick([-5, 5, -5, 5, 12.5])))
    case 3: emit(.seekToStart)
    default: emit(.seekToEnd)
    }
  }

  /// Loop points by time or by the pad's A/B cycle (often several presses), and the loop switch.
  mutating func editLoop() {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: emit(.setA(timeSec: trackTime()))
    case 1: emit(.setB(timeSec: trackTime()))
    case 2:
      for _ in 0..<Int.random(in: 1...4, using: &random) { emit(.abCycle) }
    default: emit(.toggleLoopEnabled(!state.loop.enabled || chance(20)))
    }
  }

  /// Speed and pitch buttons (rarely with an off-grid delta), or the pad's speed cycle.
  mutating func changeTempo() {
    switch Int.random(in: 0..<5, using: &random) {
    case 0, 1:
      let delta = chance(5) ? 0.013 : pick([0.05, -0.05])
      for _ in 0..<Int.random(in: 1...6, using: &random) { emit(.speedDelta(delta)) }
    case 2, 3:
      let delta = chance(5) ? 0.5 : pick([1.0, -1.0])
      for _ in 0..<Int.random(in: 1...4, using: &random) { emit(.pitchDelta(delta)) }
    default: emit(.cycleSpeed)
    }
  }

  /// Markers at a time or at the playhead (sometimes a double tap inside the debounce), and
  /// deleting one that exists or, rarely, one that does not.
  mutating func editMarkers() {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: emit(.addMarker(timeSec: trackTime()))
    case 1:
      emit(.markNow)
      if chance(30) { emit(.markNow, after: 0.08) }
    default:
      if let marker = state.markers.isEmpty ? nil : pick(state.markers), chance(90) {
        emit(.deleteMarker(id: marker.id))
      } else {
        let unknown = UUID(uuid: (0xDE, 0xAD, 0, 0, 0, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
        emit(.deleteMarker(id: ActionContext.derivedID(session: unknown, sequence: Int64(t))))
      }
    }
  }

  /// An undo/redo storm: a burst of undos and redos in quick succession (more undos first, then
  /// more redos), sometimes past the ends of the stacks, sometimes followed by a new edit that
  /// clears the redo stack.
  mutating func undoRedoStorm() {
    let count = Int.random(in: 1...12, using: &random)
    for index in 0..<count {
      let undoShare = index < count / 2 ? 80 : 30
      emit(
        chance(undoShare) ? .undo : .redo,
        after: millis(Double.random(in: 0.08...0.4, using: &random)))
    }
    if chance(25) { changeTempo() }
  }

  /// Rare events: a re-import (or a failed one), the window reappearing, a toast timer firing at
  /// an explicit time.
  mutating func oddity() {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: loadTrack()
    case 1: emit(.onAppear)
    default:
      let at = SessionFuzzer.startedAt.addingTimeInterval(t + 1)
      emit(.clearToastIfExpired(now: at))
    }
  }
}
