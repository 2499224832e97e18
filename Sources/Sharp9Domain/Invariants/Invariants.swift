import Foundation

/// The rules every reachable ``State`` obeys. The reducer maintains them; `sharp9 check`, the
/// fuzzer and the property tests verify them after every event.
public enum Invariants {
  /// Every rule `state` breaks, in a fixed order, each with the values that break it (empty when
  /// the state is valid).
  public static func violations(of state: State) -> [InvariantViolation] {
    var found: [InvariantViolation] = []
    let duration = state.track?.durationSec ?? 0
    let time = state.transport.currentTimeSec
    if !(0...duration).contains(time) {
      found.append(.playheadOutsideTrack(timeSec: time, durationSec: duration))
    }
    checkLoop(state.loop, duration: duration, into: &found)
    checkTempo(state.transport, into: &found)
    var seen = Set<UUID>()
    var sections = 0
    for marker in state.markers {
      if !seen.insert(marker.id).inserted {
        found.append(.duplicateMarkerID(marker.id))
      }
      if !(0...duration).contains(marker.timeSec) {
        found.append(
          .markerOutsideTrack(id: marker.id, timeSec: marker.timeSec, durationSec: duration))
      }
      if let name = marker.name {
        sections += 1
        if name != name.trimmingCharacters(in: .whitespacesAndNewlines)
          || !PracticeRules.loopNameLength.contains(name.count)
        {
          found.append(.sectionNameInvalid(id: marker.id, name: name))
        }
      }
    }
    if sections > PracticeRules.sectionLimit {
      found.append(.tooManySections(count: sections, limit: PracticeRules.sectionLimit))
    }
    let viewport = state.viewport
    if !(viewport.startSec >= 0 && viewport.startSec <= viewport.endSec
      && viewport.endSec <= duration)
    {
      found.append(
        .viewportOutsideTrack(
          startSec: viewport.startSec, endSec: viewport.endSec, durationSec: duration))
    }
    if state.track == nil, state.transport.isPlaying {
      found.append(.playingWithoutTrack)
    }
    if state.isLoading, state.track != nil {
      found.append(.loadingWithTrack)
    }
    checkSavedLoops(state.savedLoops, duration: duration, into: &found)
    checkRhythm(state.rhythm, duration: duration, into: &found)
    let depth = state.history.undo.count + state.history.redo.count
    if depth > PracticeRules.undoDepth {
      found.append(.historyTooDeep(depth: depth, limit: PracticeRules.undoDepth))
    }
    return found
  }

  private static func checkLoop(
    _ loop: LoopPoints, duration: Double, into found: inout [InvariantViolation]
  ) {
    for (name, point) in [(InvariantViolation.LoopPoint.a, loop.aSec), (.b, loop.bSec)] {
      if let point, !(0...duration).contains(point) {
        found.append(.loopPointOutsideTrack(name, timeSec: point, durationSec: duration))
      }
    }
    if let a = loop.aSec, let b = loop.bSec, a > b {
      found.append(.loopAAfterB(aSec: a, bSec: b))
    }
    if loop.enabled, loop.aSec == nil || loop.bSec == nil {
      found.append(.loopEnabledWithoutAB)
    }
  }

  private static func checkSavedLoops(
    _ loops: [SavedLoop], duration: Double, into found: inout [InvariantViolation]
  ) {
    var names = Set<String>()
    for loop in loops {
      let trimmed = loop.name.trimmingCharacters(in: .whitespacesAndNewlines)
      if !(0 <= loop.aSec && loop.aSec < loop.bSec && loop.bSec <= duration)
        || trimmed != loop.name || !PracticeRules.loopNameLength.contains(loop.name.count)
      {
        found.append(
          .savedLoopInvalid(
            name: loop.name, aSec: loop.aSec, bSec: loop.bSec, durationSec: duration))
      }
      if !names.insert(loop.name).inserted {
        found.append(
          .savedLoopsAmbiguous(
            name: loop.name, count: loops.count, limit: PracticeRules.savedLoopLimit))
      }
    }
    if loops.count > PracticeRules.savedLoopLimit {
      found.append(
        .savedLoopsAmbiguous(name: nil, count: loops.count, limit: PracticeRules.savedLoopLimit))
    }
  }

  private static func checkRhythm(
    _ rhythm: Rhythm, duration: Double, into found: inout [InvariantViolation]
  ) {
    let clicks = rhythm.clicks
    let tempoFits = rhythm.edit.tempo.map { PracticeRules.tempoRange.contains($0) } ?? true
    let gridFits = rhythm.detected?.isValid(durationSec: duration) ?? true
    if !tempoFits || !gridFits || !PracticeRules.clickLevelRange.contains(clicks.level)
      || !PracticeRules.countInBeatsRange.contains(clicks.countInBeats)
      || rhythm.taps.count > PracticeRules.tapCount
    {
      found.append(
        .rhythmInvalid(
          tempo: rhythm.edit.tempo, level: clicks.level, countInBeats: clicks.countInBeats,
          taps: rhythm.taps.count, gridFits: gridFits))
    }
  }

  private static func checkTempo(_ transport: Transport, into found: inout [InvariantViolation]) {
    let speed = transport.speed
    if !PracticeRules.speedRange.contains(speed) || !PracticeRules.isOnSpeedGrid(speed) {
      found.append(
        .speedOffGrid(
          speed: speed, step: PracticeRules.speedStep, range: PracticeRules.speedRange))
    }
    let pitch = transport.pitchSemitones
    if !PracticeRules.pitchRange.contains(pitch) || !PracticeRules.isOnPitchGrid(pitch) {
      found.append(
        .pitchOffGrid(
          semitones: pitch, step: PracticeRules.pitchStep, range: PracticeRules.pitchRange))
    }
  }
}
