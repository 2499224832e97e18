import Foundation
import Sharp9Domain

/// Random but plausible actions for property tests, including hostile numbers (negative, beyond
/// the track, huge, non-finite) and every practice-pad button.
struct RandomActions {
  var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func time() -> Double {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: -Double.random(in: 0...100, using: &generator)
    case 1: Double.random(in: 200...1e6, using: &generator)
    case 2: [Double.nan, .infinity, -.infinity, 0, 1e300][Int.random(in: 0..<5, using: &generator)]
    default: Double.random(in: 0...200, using: &generator)
    }
  }

  mutating func delta(step: Double) -> Double {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0: Double.random(in: -30...30, using: &generator)
    case 1: [Double.nan, .infinity, 0.001, -0.026][Int.random(in: 0..<4, using: &generator)]
    default: Bool.random(using: &generator) ? step : -step
    }
  }

  mutating func next(markers: [Marker]) -> Action {
    switch Int.random(in: 0..<34, using: &generator) {
    case 0: return .importPicked(url: URL(filePath: "/music/take.wav"))
    case 1, 2:
      let durations = [0, 0.5, 30, 180, 3600.25]
      let duration = durations[Int.random(in: 0..<durations.count, using: &generator)]
      return .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: duration))
    case 3: return .importFailed(message: "nope")
    case 4: return .setMode(Mode.allCases[Int.random(in: 0..<4, using: &generator)])
    case 5, 6: return .tapWaveform(timeSec: time())
    case 7: return .dragScrub(timeSec: time())
    case 8: return .togglePlay
    case 9, 10, 11: return .tick(currentTimeSec: time())
    case 12: return .speedDelta(delta(step: 0.05))
    case 13: return .pitchDelta(delta(step: 1))
    case 14: return .addMarker(timeSec: time())
    case 15:
      return .deleteMarker(
        id: markers.randomElement(using: &generator)?.id ?? SessionScript.unrecordedSessionID)
    case 16: return .toggleLoopEnabled(Bool.random(using: &generator))
    case 17: return .setA(timeSec: time())
    case 18: return .setB(timeSec: time())
    case 19: return .clearToastIfExpired(now: nil)
    case 20: return .skip(seconds: Bool.random(using: &generator) ? 5 : -5)
    case 21: return .abCycle
    case 22: return .cycleSpeed
    case 23, 24: return .markNow
    case 25: return .setLocked(Int.random(in: 0..<4, using: &generator) == 0)
    case 26: return .seekToStart
    case 27: return .seekToEnd
    case 28, 29: return .undo
    case 30: return .redo
    default: return .onAppear
    }
  }
}
