import Foundation

/// The rules every reachable ``State`` obeys, whatever actions led there. `sharp9 check`, the
/// fuzzer and property tests fold a session through the reducer and ask this after every event.
///
/// ```swift
/// let broken = Invariants.violations(of: state)  // [] when the state is sound
/// ```
public enum Invariants {
  /// Every rule `state` breaks, in ``InvariantViolation/Rule`` order (empty when it is sound).
  public static func violations(of state: State) -> [InvariantViolation] {
    var found: [InvariantViolation] = []
    func fail(_ rule: InvariantViolation.Rule, _ detail: String) {
      found.append(InvariantViolation(rule: rule, detail: detail))
    }
    let numbers = finiteChecks(state).filter { !$0.value.isFinite }
    if let first = numbers.first { fail(.finiteNumbers, "\(first.name) is \(first.value)") }
    let time = state.transport.currentTimeSec
    let duration = state.track?.durationSec ?? 0
    if !(0...max(duration, 0)).contains(time) {
      fail(.timeWithinTrack, "currentTimeSec \(time) outside 0…\(duration)")
    }
    for (name, value) in placedPoints(state) where !(0...max(duration, 0)).contains(value) {
      let place = state.track == nil ? "with no track loaded" : "outside 0…\(duration)"
      fail(.pointsWithinTrack, "\(name) \(value) \(place)")
    }
    if let a = state.loop.aSec, let b = state.loop.bSec, a > b {
      fail(.aNotAfterB, "aSec \(a) > bSec \(b)")
    }
    if state.loop.enabled, state.loop.aSec == nil || state.loop.bSec == nil {
      fail(.loopNeedsAAndB, "enabled with aSec \(text(state.loop.aSec)), bSec \(text(state.loop.bSec))")
    }
    let speed = state.transport.speed
    if !PracticeRules.speedRange.contains(speed) || !PracticeRules.isOnSpeedGrid(speed) {
      fail(.speedInRangeOnGrid, "speed \(speed) not a multiple of \(PracticeRules.speedStep) in "
        + "\(PracticeRules.speedRange)")
    }
    let pitch = state.transport.pitchSemitones
    if !PracticeRules.pitchRange.contains(pitch) || !PracticeRules.isOnPitchGrid(pitch) {
      fail(.pitchInRangeOnGrid, "pitchSemitones \(pitch) not a multiple of "
        + "\(PracticeRules.pitchStep) in \(PracticeRules.pitchRange)")
    }
    var seen = Set<UUID>()
    for marker in state.markers where !seen.insert(marker.id).inserted {
      fail(.uniqueMarkerIDs, "marker id \(marker.id.uuidString.lowercased()) appears twice")
    }
    return found
  }

  /// The numbers of `state` that must be finite, with their interchange names.
  private static func finiteChecks(_ state: State) -> [(name: String, value: Double)] {
    var all: [(String, Double)] = [
      ("transport.currentTimeSec", state.transport.currentTimeSec),
      ("transport.speed", state.transport.speed),
      ("transport.pitchSemitones", state.transport.pitchSemitones),
      ("viewport.startSec", state.viewport.startSec),
      ("viewport.endSec", state.viewport.endSec),
    ]
    if let track = state.track { all.append(("track.durationSec", track.durationSec)) }
    return all + placedPoints(state)
  }

  /// Loop points and marker times: what the musician placed on the track.
  private static func placedPoints(_ state: State) -> [(name: String, value: Double)] {
    var points: [(String, Double)] = []
    if let a = state.loop.aSec { points.append(("loop.aSec", a)) }
    if let b = state.loop.bSec { points.append(("loop.bSec", b)) }
    for marker in state.markers {
      points.append(("marker \(marker.id.uuidString.lowercased().prefix(8)) timeSec", marker.timeSec))
    }
    return points
  }

  private static func text(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
}
