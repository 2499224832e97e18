import Foundation
import Sharp9Domain

/// Seeded random but plausible practice sessions: a track import, then 30 Hz ticks mixed with
/// edits, seeks, loops, speed and pitch changes, markers, lock and toasts.
enum RandomSession {
  /// `session` is the id the actions will be recorded under, so `deleteMarker` can name markers
  /// that `addMarker` created (their ids derive from the session id and the sequence number).
  static func actions(count: Int, seed: UInt64, session: UUID) -> [(t: Double, action: Action)] {
    var random = SplitMix64(seed: seed)
    let duration = 180.0
    var t = 0.0
    var playhead = 0.0
    var markers: [UUID] = []
    var result: [(Double, Action)] = [
      (0, .importPicked(url: URL(fileURLWithPath: "/music/take.wav"))),
      (0.25, .importSucceeded(track: TrackMeta(name: "take.wav", durationSec: duration))),
    ]
    t = 0.25
    while result.count < count {
      t += Double(Int.random(in: 1...40, using: &random)) / 1000
      let roll = Int.random(in: 0..<100, using: &random)
      let time = (Double.random(in: -5...(duration + 5), using: &random) * 1000).rounded() / 1000
      let action: Action
      switch roll {
      case 0..<55:
        playhead = min(duration, playhead + 1.0 / 30)
        action = .tick(currentTimeSec: playhead)
      case 55..<60: action = .togglePlay
      case 60..<63: action = .speedDelta(Bool.random(using: &random) ? 0.05 : -0.05)
      case 63..<66: action = .pitchDelta(Bool.random(using: &random) ? 1 : -1)
      case 66..<69: action = .setA(timeSec: time)
      case 69..<72: action = .setB(timeSec: time)
      case 72..<75: action = .toggleLoopEnabled(Bool.random(using: &random))
      case 75..<78: action = .tapWaveform(timeSec: time)
      case 78..<81: action = .dragScrub(timeSec: time)
      case 81..<83: action = .setMode(Mode.allCases[Int.random(in: 0..<4, using: &random)])
      case 83..<85: action = .addMarker(timeSec: time)
      case 85..<86:
        action = .deleteMarker(id: markers.randomElement(using: &random) ?? session)
      case 86..<88: action = .skip(seconds: Bool.random(using: &random) ? 5 : -5)
      case 88..<90: action = .abCycle
      case 90..<92: action = .cycleSpeed
      case 92..<94: action = .markNow
      case 94..<95: action = .setLocked(Bool.random(using: &random))
      case 95..<96: action = .seekToStart
      case 96..<97: action = .seekToEnd
      case 97..<98: action = .clearToastIfExpired(now: nil)
      default: action = .onAppear
      }
      if case .addMarker = action {
        markers.append(ActionContext.derivedID(session: session, sequence: Int64(result.count + 1)))
      }
      result.append((t, action))
    }
    return result
  }
}
