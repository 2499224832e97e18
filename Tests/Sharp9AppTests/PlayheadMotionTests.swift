import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Testing

/// What a screen is told about the playhead between the engine's reports: nothing while it
/// stands still, else the report's device time, the speed, the loop ahead (as playback normalizes
/// it) and whether it stays at A.
@Suite struct PlayheadMotionTests {
  static let rate = 48_000.0

  static func report(
    atSec positionSec: Double, frame: Int64 = 96_000, playing: Bool = true,
    countingIn: Bool = false, completedPasses: Int = 0
  ) -> EngineReport {
    var progress = LoopPracticeProgress()
    progress.completedPasses = completedPasses
    return EngineReport(
      frame: frame, positionSec: positionSec, isPlaying: playing, isCountingIn: countingIn,
      peakLeft: 0, peakRight: 0, underruns: 0, lateCommands: 0, loopPractice: progress)
  }

  static func state(
    speed: Double = 1, loop: LoopPoints = LoopPoints(), passLimit: Int? = nil,
    clicks: Clicks = Clicks(), tempo: Double? = nil
  ) -> State {
    var state = State()
    state.track = TrackMeta(name: "song.wav", durationSec: 60)
    state.transport.speed = speed
    state.loop = loop
    state.loopPractice.passLimit = passLimit
    state.rhythm.clicks = clicks
    state.rhythm.edit.tempo = tempo
    return state
  }

  static func motion(_ report: EngineReport, _ state: State) -> PlayheadMotion? {
    PlayheadMotion(report: report, state: state, rate: rate, durationSec: 60)
  }

  @Test func standsStillWhilePausedOrCountingIn() {
    #expect(Self.motion(Self.report(atSec: 3, playing: false), Self.state()) == nil)
    #expect(Self.motion(Self.report(atSec: 3, countingIn: true), Self.state()) == nil)
  }

  @Test func playingSaysTheDeviceTimeTheSpeedAndTheEnd() {
    let motion = Self.motion(Self.report(atSec: 3, frame: 144_000), Self.state(speed: 0.5))
    #expect(motion?.clockSec == 3)
    #expect(motion?.speed == 0.5)
    #expect(motion?.loop == nil)
    #expect(motion?.holdsAtLoopStart == false)
    #expect(motion?.endSec == 60)
  }

  @Test func theLoopAheadIsThePlaybackTimelines() {
    // B before A is read as A–B; the points are clamped to the track.
    let loop = LoopPoints(aSec: 70, bSec: 10, enabled: true)
    let region = Self.motion(Self.report(atSec: 12), Self.state(loop: loop))?.loop
    #expect(region?.aSec == 10)
    #expect(region?.bSec == 60)
    // Before A it is ahead too (caught at B); at or past B it is not (plays on to the end).
    let ab = LoopPoints(aSec: 10, bSec: 20, enabled: true)
    #expect(Self.motion(Self.report(atSec: 5), Self.state(loop: ab))?.loop != nil)
    #expect(Self.motion(Self.report(atSec: 20), Self.state(loop: ab))?.loop == nil)
    // Off, or shorter than the shortest loop that wraps: none.
    let off = LoopPoints(aSec: 10, bSec: 20, enabled: false)
    #expect(Self.motion(Self.report(atSec: 12), Self.state(loop: off))?.loop == nil)
    let tiny = LoopPoints(aSec: 10, bSec: 10.005, enabled: true)
    #expect(Self.motion(Self.report(atSec: 10), Self.state(loop: tiny))?.loop == nil)
  }

  @Test func itStaysAtAOnTheLastPassOrForACountInBeforeEachPass() {
    let ab = LoopPoints(aSec: 10, bSec: 20, enabled: true)
    let limited = Self.state(loop: ab, passLimit: 3)
    #expect(
      Self.motion(Self.report(atSec: 12, completedPasses: 1), limited)?.holdsAtLoopStart == false)
    #expect(
      Self.motion(Self.report(atSec: 12, completedPasses: 2), limited)?.holdsAtLoopStart == true)
    let everyPass = Clicks(countInBeats: 4, countInEveryPass: true)
    #expect(
      Self.motion(Self.report(atSec: 12), Self.state(loop: ab, clicks: everyPass, tempo: 120))?
        .holdsAtLoopStart == true)
    // Without a tempo there is no count-in to hold it.
    #expect(
      Self.motion(Self.report(atSec: 12), Self.state(loop: ab, clicks: everyPass))?
        .holdsAtLoopStart == false)
  }
}
