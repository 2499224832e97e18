import Foundation
import Sharp9Domain
import Testing

@Suite("invariant violations")
struct InvariantViolationTests {
  @Test("a violation carries the offending values and the limits of PracticeRules")
  func carriesValuesAndLimits() {
    let track = TrackMeta(name: "x", durationSec: 30)
    let state = State(
      track: track,
      transport: Transport(isPlaying: false, currentTimeSec: 1, speed: 2.5, pitchSemitones: 0.005),
      loop: LoopPoints(aSec: 31, bSec: nil, enabled: false),
      viewport: Viewport(startSec: 0, endSec: 30))
    #expect(
      Invariants.violations(of: state) == [
        .loopPointOutsideTrack(.a, timeSec: 31, durationSec: 30),
        .speedOffGrid(
          speed: 2.5, step: PracticeRules.speedStep, range: PracticeRules.speedRange),
        .pitchOffGrid(
          semitones: 0.005, step: PracticeRules.pitchStep, range: PracticeRules.pitchRange),
      ])
  }
}
