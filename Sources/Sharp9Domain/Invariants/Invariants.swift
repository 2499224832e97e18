import Foundation

/// The rules every reachable ``State`` obeys. The reducer maintains them; `sharp9 check`, the
/// fuzzer and the property tests verify them after every event.
public enum Invariants {
  /// Every rule `state` breaks, each as one readable sentence naming the field (empty when the
  /// state is valid).
  public static func violations(of state: State) -> [String] {
    var found: [String] = []
    let duration = state.track?.durationSec ?? 0
    let time = state.transport.currentTimeSec
    if !(0...duration).contains(time) {
      found.append("transport.currentTimeSec \(time) is outside the track (0…\(duration))")
    }
    checkLoop(state.loop, duration: duration, into: &found)
    checkTempo(state.transport, into: &found)
    var seen = Set<UUID>()
    for marker in state.markers {
      if !seen.insert(marker.id).inserted {
        found.append("markers: id \(marker.id) appears more than once")
      }
      if !(0...duration).contains(marker.timeSec) {
        found.append("markers: \(marker.id) at \(marker.timeSec) is outside the track")
      }
    }
    let viewport = state.viewport
    if !(viewport.startSec >= 0 && viewport.startSec <= viewport.endSec
      && viewport.endSec <= duration)
    {
      found.append("viewport \(viewport.startSec)…\(viewport.endSec) is not within the track")
    }
    if state.track == nil, state.transport.isPlaying {
      found.append("transport.isPlaying is true with no track loaded")
    }
    if state.isLoading, state.track != nil {
      found.append("isLoading is true while a track is loaded")
    }
    let depth = state.history.undo.count + state.history.redo.count
    if depth > PracticeRules.undoDepth {
      found.append("history holds \(depth) edits, more than the \(PracticeRules.undoDepth) allowed")
    }
    return found
  }

  private static func checkLoop(_ loop: LoopPoints, duration: Double, into found: inout [String]) {
    for (name, point) in [("loop.aSec", loop.aSec), ("loop.bSec", loop.bSec)] {
      if let point, !(0...duration).contains(point) {
        found.append("\(name) \(point) is outside the track (0…\(duration))")
      }
    }
    if let a = loop.aSec, let b = loop.bSec, a > b {
      found.append("loop.aSec \(a) is after loop.bSec \(b)")
    }
    if loop.enabled, loop.aSec == nil || loop.bSec == nil {
      found.append("loop.enabled is true without both A and B")
    }
  }

  private static func checkTempo(_ transport: Transport, into found: inout [String]) {
    let speed = transport.speed
    if !PracticeRules.speedRange.contains(speed) || !PracticeRules.isOnSpeedGrid(speed) {
      found.append(
        "transport.speed \(speed) is not a multiple of \(JSONText.number(PracticeRules.speedStep))"
          + " within \(text(of: PracticeRules.speedRange))")
    }
    let pitch = transport.pitchSemitones
    if !PracticeRules.pitchRange.contains(pitch) || !PracticeRules.isOnPitchGrid(pitch) {
      found.append(
        "transport.pitchSemitones \(pitch) is not a multiple of"
          + " \(JSONText.number(PracticeRules.pitchStep)) within \(text(of: PracticeRules.pitchRange))"
      )
    }
  }

  /// `0.25…2`: the limits as ``PracticeRules`` states them, in their shortest text.
  private static func text(of range: ClosedRange<Double>) -> String {
    JSONText.number(range.lowerBound) + "…" + JSONText.number(range.upperBound)
  }
}
