import Testing

@testable import Sharp9Domain

/// A playing or paused segment, written compactly: (wall start, wall end, source start, source
/// end, speed, start label); pitch 0 and playing unless said otherwise.
func seg(
  _ w0: Double, _ w1: Double, _ s0: Double, _ s1: Double, speed: Double = 1,
  pitch: Double = 0, playing: Bool = true, _ start: TimelineSegment.Start
) -> TimelineSegment {
  TimelineSegment(
    wallStartSec: w0, wallEndSec: w1, sourceStartSec: s0, sourceEndSec: s1, speed: speed,
    pitchSemitones: pitch, isPlaying: playing, start: start)
}

/// Runs `steps` (each applied at its wall time) and collects every segment up to `endSec`.
func run(
  _ timeline: inout PlaybackTimeline, _ steps: [(Double, (inout PlaybackTimeline) -> Void)],
  until endSec: Double
) -> [TimelineSegment] {
  var segments: [TimelineSegment] = []
  for (wall, step) in steps {
    timeline.advance(toWallSec: wall) { segments.append($0) }
    step(&timeline)
  }
  timeline.advance(toWallSec: endSec) { segments.append($0) }
  return segments
}

/// A 60 s track loaded and playing from 0 at wall 0.
func playing(duration: Double = 60) -> PlaybackTimeline {
  var timeline = PlaybackTimeline()
  timeline.load(durationSec: duration)
  timeline.play()
  return timeline
}

@Suite struct PlaybackTimelineTests {
  @Test func loopWrapsFromBToAOnTheExactInstant() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    let segments = run(&timeline, [], until: 7)
    #expect(
      segments == [
        seg(0, 4, 0, 4, .load), seg(4, 6, 2, 4, .wrap), seg(6, 7, 2, 3, .wrap),
      ])
    #expect(segments.map(\.looped) == [false, true, true])
    #expect(timeline.positionSec == 3)
    #expect(timeline.isPlaying)
  }

  @Test func seekInsideTheLoopKeepsLooping() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    let segments = run(&timeline, [(2.5, { $0.seek(toSec: 3.5) })], until: 4)
    #expect(
      segments == [
        seg(0, 2.5, 0, 2.5, .load), seg(2.5, 3, 3.5, 4, .seek), seg(3, 4, 2, 3, .wrap),
      ])
  }

  @Test func seekBeforeARunsIntoTheLoop() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    let segments = run(&timeline, [(3, { $0.seek(toSec: 1) })], until: 8)
    #expect(
      segments == [
        seg(0, 3, 0, 3, .load), seg(3, 6, 1, 4, .seek), seg(6, 8, 2, 4, .wrap),
      ])
  }

  @Test func seekPastBPlaysOnToTheEndAndStops() {
    var timeline = playing(duration: 10)
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    let segments = run(&timeline, [(1, { $0.seek(toSec: 8) })], until: 5)
    #expect(
      segments == [
        seg(0, 1, 0, 1, .load), seg(1, 3, 8, 10, .seek),
        seg(3, 5, 10, 10, playing: false, .end),
      ])
    #expect(!timeline.isPlaying)
    #expect(timeline.positionSec == 10)
  }

  @Test func speedChangeInsideTheLoopKeepsPositionAndPoints() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    let segments = run(&timeline, [(3, { $0.setSpeed(0.5) })], until: 10)
    #expect(
      segments == [
        seg(0, 3, 0, 3, .load), seg(3, 5, 3, 4, speed: 0.5, .speed),
        seg(5, 9, 2, 4, speed: 0.5, .wrap), seg(9, 10, 2, 2.5, speed: 0.5, .wrap),
      ])
  }

  @Test func loopEditedWhilePlayingCapturesAPlayheadPastTheNewB() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 6, enabled: true)
    let segments = run(
      &timeline, [(5, { $0.setLoop(aSec: 1, bSec: 3, enabled: true) })], until: 7)
    #expect(
      segments == [
        seg(0, 5, 0, 5, .load), seg(5, 7, 1, 3, .capture),
      ])
  }

  @Test func loopEditedWhilePlayingKeepsAPlayheadBeforeTheNewB() {
    var timeline = playing()
    timeline.setLoop(aSec: 2, bSec: 6, enabled: true)
    let segments = run(
      &timeline, [(3, { $0.setLoop(aSec: 2, bSec: 4, enabled: true) })], until: 6)
    #expect(
      segments == [
        seg(0, 3, 0, 3, .load), seg(3, 4, 3, 4, .loop), seg(4, 6, 2, 4, .wrap),
      ])
  }

  @Test func enablingTheLoopWhilePausedPastBMovesThePlayheadToA() {
    var timeline = playing()
    let segments = run(
      &timeline,
      [
        (5, { $0.pause() }), (6, { $0.setLoop(aSec: 1, bSec: 2, enabled: true) }),
        (7, { $0.play() }),
      ], until: 8.5)
    #expect(
      segments == [
        seg(0, 5, 0, 5, .load), seg(5, 6, 5, 5, playing: false, .pause),
        seg(6, 7, 1, 1, playing: false, .capture), seg(7, 8, 1, 2, .play),
        seg(8, 8.5, 1, 1.5, .wrap),
      ])
  }

  @Test func disablingTheLoopPlaysThrough() {
    var timeline = playing(duration: 6)
    timeline.setLoop(aSec: 1, bSec: 2, enabled: true)
    let segments = run(
      &timeline, [(1.5, { $0.setLoop(aSec: 1, bSec: 2, enabled: false) })], until: 8)
    #expect(
      segments == [
        seg(0, 1.5, 0, 1.5, .load), seg(1.5, 6, 1.5, 6, .loop),
        seg(6, 8, 6, 6, playing: false, .end),
      ])
  }

  @Test func loopWithAEqualToBIsIgnored() {
    var timeline = playing(duration: 4)
    timeline.setLoop(aSec: 2, bSec: 2, enabled: true)
    #expect(timeline.activeLoop == nil)
    let segments = run(&timeline, [], until: 5)
    #expect(segments == [seg(0, 4, 0, 4, .load), seg(4, 5, 4, 4, playing: false, .end)])
  }

  @Test func loopPointsAreNormalizedAndClampedToTheTrack() {
    var timeline = playing(duration: 5)
    timeline.setLoop(aSec: 9, bSec: 3, enabled: true)
    #expect(timeline.activeLoop?.aSec == 3)
    #expect(timeline.activeLoop?.bSec == 5)
    let segments = run(&timeline, [], until: 8)
    #expect(segments == [seg(0, 5, 0, 5, .load), seg(5, 7, 3, 5, .wrap), seg(7, 8, 3, 4, .wrap)])
  }

  @Test func loopShorterThanTheMinimumIsIgnored() {
    var timeline = playing()
    timeline.setLoop(aSec: 1, bSec: 1.005, enabled: true)
    #expect(timeline.activeLoop == nil)
  }

  @Test func pauseAndResumeKeepThePosition() {
    var timeline = playing()
    let segments = run(
      &timeline,
      [(2, { $0.pause() }), (5, { $0.play() }), (5, { $0.pause() }), (6, { $0.play() })],
      until: 7)
    #expect(
      segments == [
        seg(0, 2, 0, 2, .load), seg(2, 5, 2, 2, playing: false, .pause),
        seg(5, 6, 2, 2, playing: false, .pause), seg(6, 7, 2, 3, .play),
      ])
  }

  @Test func playAtTheEndOfTheTrackRestartsFromZero() {
    var timeline = playing(duration: 2)
    let segments = run(&timeline, [(3, { $0.play() })], until: 4)
    #expect(
      segments == [
        seg(0, 2, 0, 2, .load), seg(2, 3, 2, 2, playing: false, .end), seg(3, 4, 0, 1, .play),
      ])
  }

  @Test func seekToTheEndWhilePlayingStopsAtOnce() {
    var timeline = playing(duration: 4)
    let segments = run(&timeline, [(1, { $0.seek(toSec: 99) })], until: 2)
    #expect(segments == [seg(0, 1, 0, 1, .load), seg(1, 2, 4, 4, playing: false, .end)])
  }

  @Test func commandsBeforeALoadAreIgnoredButSettingsAreKept() {
    var timeline = PlaybackTimeline()
    timeline.play()
    timeline.seek(toSec: 3)
    timeline.setSpeed(0.5)
    timeline.setPitchSemitones(-30)
    #expect(!timeline.isPlaying)
    #expect(timeline.positionSec == 0)
    #expect(timeline.speed == 0.5)
    #expect(timeline.pitchSemitones == -12)
    timeline.setSpeed(.nan)
    timeline.setSpeed(9)
    #expect(timeline.speed == 2)
  }

  @Test func loadResetsPlayheadAndLoopButKeepsSpeedAndPitch() {
    var timeline = playing()
    timeline.setSpeed(0.75)
    timeline.setPitchSemitones(3)
    timeline.setLoop(aSec: 1, bSec: 2, enabled: true)
    timeline.advance(toWallSec: 1) { _ in }
    timeline.load(durationSec: 30)
    #expect(timeline.positionSec == 0)
    #expect(!timeline.isPlaying)
    #expect(timeline.loop == LoopPoints())
    #expect(timeline.speed == 0.75)
    #expect(timeline.pitchSemitones == 3)
    #expect(timeline.durationSec == 30)
  }

  @Test func pitchChangeSplitsWithoutMovingThePlayhead() {
    var timeline = playing()
    let segments = run(&timeline, [(1, { $0.setPitchSemitones(2) })], until: 2)
    #expect(segments == [seg(0, 1, 0, 1, .load), seg(1, 2, 1, 2, pitch: 2, .pitch)])
  }
}
