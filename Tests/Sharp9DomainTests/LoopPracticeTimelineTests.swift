import Testing

@testable import Sharp9Domain

/// The timeline's own loop practice: stopping after N passes and the speed trainer's steps,
/// each on the exact instant of a wrap (segments compared whole).
@Suite struct LoopPracticeTimelineTests {
  static let trainer = SpeedTrainer(
    startSpeed: 0.5, step: 0.25, everyPasses: 2, targetSpeed: 1, onStop: .reset)

  @Test func theLastAskedForPassStopsAtBAndGoesBackToA() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    timeline.setLoopPractice(LoopPractice(passLimit: 2))
    let segments = run(&timeline, [], until: 10)
    #expect(
      segments == [
        seg(0, 4, 0, 4, .load),
        seg(4, 6, 2, 4, .wrap),
        seg(6, 10, 2, 2, playing: false, .passesDone),
      ])
    #expect(!timeline.isPlaying && timeline.positionSec == 2)
    #expect(
      timeline.progress.passLimitStops == 1 && timeline.progress.lastPassLimitStopWallSec == 6)
    #expect(timeline.progress.completedPasses == 0)
  }

  @Test func playAgainCountsThepassesAfresh() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    timeline.setLoopPractice(LoopPractice(passLimit: 1))
    let segments = run(&timeline, [(5, { $0.play() })], until: 9)
    #expect(
      segments == [
        seg(0, 4, 0, 4, .load),
        seg(4, 5, 2, 2, playing: false, .passesDone),
        seg(5, 7, 2, 4, .play),
        seg(7, 9, 2, 2, playing: false, .passesDone),
      ])
    #expect(timeline.progress.passLimitStops == 2)
  }

  @Test func aSeekOrALoopEditRestartsTheCount() {
    var timeline = playing()
    timeline.setLoop(aSec: 0, bSec: 2, enabled: true)
    timeline.setLoopPractice(LoopPractice(passLimit: 2))
    // One pass done at 2; the seek at 3 restarts the count, so the stop comes two passes later.
    let segments = run(&timeline, [(3, { $0.seek(toSec: 0) })], until: 8)
    #expect(
      segments == [
        seg(0, 2, 0, 2, .load),
        seg(2, 3, 0, 1, .wrap),
        seg(3, 5, 0, 2, .seek),
        seg(5, 7, 0, 2, .wrap),
        seg(7, 8, 0, 0, playing: false, .passesDone),
      ])
  }

  @Test func theTrainerStepsOnTheWrapEveryNPassesUpToItsTarget() {
    var timeline = PlaybackTimeline()
    timeline.load(durationSec: 60)
    timeline.setLoop(aSec: 0, bSec: 1, enabled: true)
    timeline.setSpeed(0.5)
    timeline.setLoopPractice(LoopPractice(trainer: Self.trainer))
    timeline.play()
    let segments = run(&timeline, [], until: 11)
    // Passes of 1 source second: 2 s each at 0.5, 1.33 s at 0.75, 1 s at 1.0 (the target).
    let third = 4 + 2 * (1 / 0.75)
    #expect(
      segments.dropLast() == [
        seg(0, 2, 0, 1, speed: 0.5, .load),
        seg(2, 4, 0, 1, speed: 0.5, .wrap),
        seg(4, 4 + 1 / 0.75, 0, 1, speed: 0.75, .wrap),
        seg(4 + 1 / 0.75, third, 0, 1, speed: 0.75, .wrap),
        seg(third, third + 1, 0, 1, speed: 1, .wrap),
        seg(third + 1, third + 2, 0, 1, speed: 1, .wrap),
        seg(third + 2, third + 3, 0, 1, speed: 1, .wrap),
        seg(third + 3, third + 4, 0, 1, speed: 1, .wrap),
      ])
    #expect(segments.last?.wallStartSec == third + 4 && segments.last?.speed == 1)
    #expect(timeline.progress.trainerSteps == 2)
    #expect(timeline.progress.lastTrainerStepWallSec == third)
    #expect(timeline.progress.lastTrainerSpeed == 1)
  }

  @Test func aTrainerThatSlowsDownStepsDownToItsTarget() {
    var timeline = PlaybackTimeline()
    timeline.load(durationSec: 60)
    timeline.setLoop(aSec: 0, bSec: 1, enabled: true)
    timeline.setLoopPractice(
      LoopPractice(
        trainer: SpeedTrainer(
          startSpeed: 1, step: -0.25, everyPasses: 1, targetSpeed: 0.6, onStop: .hold)))
    timeline.play()
    var speeds: [Double] = []
    timeline.advance(toWallSec: 8) { speeds.append($0.speed) }
    #expect(speeds.prefix(4) == [1, 0.75, 0.6, 0.6])
  }

  @Test func invalidPlansAreIgnored() {
    var timeline = playing()
    timeline.setLoop(aSec: 0, bSec: 1, enabled: true)
    let never = SpeedTrainer(
      startSpeed: 0.5, step: -0.05, everyPasses: 1, targetSpeed: 1, onStop: .reset)
    for practice in [
      LoopPractice(passLimit: 0), LoopPractice(passLimit: -3), LoopPractice(passLimit: Int.max),
      LoopPractice(trainer: never),
      LoopPractice(
        trainer: SpeedTrainer(
          startSpeed: 0.5, step: .nan, everyPasses: 1, targetSpeed: 1, onStop: .reset)),
      LoopPractice(
        trainer: SpeedTrainer(
          startSpeed: 0.5, step: 0.05, everyPasses: 0, targetSpeed: 1, onStop: .reset)),
    ] {
      timeline.setLoopPractice(practice)
      #expect(timeline.loopPractice == LoopPractice(), "\(practice)")
    }
  }

  @Test func aLoadForgetsThePractice() {
    var timeline = playing()
    timeline.setLoopPractice(LoopPractice(passLimit: 3, trainer: Self.trainer))
    timeline.load(durationSec: 10)
    #expect(timeline.loopPractice == LoopPractice())
  }

  @Test func progressBecomesTheActionsThatHappenedSinceTheLastReport() {
    var before = LoopPracticeProgress()
    before.trainerSteps = 1
    var after = before
    #expect(after.actions(since: before).isEmpty)
    after.trainerSteps = 3
    after.lastTrainerSpeed = 0.8
    after.lastTrainerStepWallSec = 10
    after.passLimitStops = 1
    after.lastPassLimitStopWallSec = 9
    after.songEnds = 1
    after.lastSongEndWallSec = 11
    #expect(
      after.actions(since: before) == [
        .loopPassesCompleted(wallSec: 9), .trainerStepped(speed: 0.8, wallSec: 10),
        .playedToEnd(wallSec: 11),
      ])
  }

  /// Playing into the end of the song with no loop ahead stops there, and the progress names
  /// the frame it stopped on; with the loop ahead it wraps instead and counts no end.
  @Test func playingIntoTheEndCountsAStopAtItsFrame() {
    var timeline = playing(duration: 10)
    let before = timeline.progress
    let segments = run(&timeline, [(1, { $0.setSpeed(0.5) })], until: 25)
    #expect(segments.last == seg(19, 25, 10, 10, speed: 0.5, playing: false, .end))
    #expect(timeline.progress.actions(since: before) == [.playedToEnd(wallSec: 19)])
    // With the loop ahead it wraps instead: no end.
    var looping = playing(duration: 10)
    looping.setLoop(aSec: 2, bSec: 4, enabled: true)
    _ = run(&looping, [], until: 30)
    #expect(looping.progress.songEnds == 0 && looping.isPlaying)
  }
}
