import Testing

@testable import Sharp9Domain

/// The count-in rules of ``PlaybackTimeline``: the playhead holds while it clicks, then plays.
@Suite struct CountInTimelineTests {
  /// 120 BPM (0.5 s a beat) with a four-beat count-in.
  static let clicks = ClickSettings(countInLevel: 1, countInBeats: 4, beatSec: 0.5)

  private func collect(_ timeline: inout PlaybackTimeline, until endSec: Double)
    -> [TimelineSegment]
  {
    var segments: [TimelineSegment] = []
    timeline.advance(toWallSec: endSec) { segments.append($0) }
    return segments
  }

  @Test func playHoldsThePlayheadForTheCountInAtTheSpeed() {
    var timeline = PlaybackTimeline()
    timeline.load(durationSec: 60)
    timeline.setClicks(Self.clicks)
    timeline.setSpeed(0.5)
    timeline.seek(toSec: 10)
    timeline.advance(toWallSec: 1) { _ in }
    timeline.play()
    let segments = collect(&timeline, until: 6)
    let span = CountInSpan(startWallSec: 1, beatWallSec: 1, beats: 4)
    #expect(
      segments == [
        TimelineSegment(
          wallStartSec: 1, wallEndSec: 5, sourceStartSec: 10, sourceEndSec: 10, speed: 0.5,
          pitchSemitones: 0, isPlaying: false, start: .play, countIn: span),
        TimelineSegment(
          wallStartSec: 5, wallEndSec: 6, sourceStartSec: 10, sourceEndSec: 10.5, speed: 0.5,
          pitchSemitones: 0, isPlaying: true, start: .play),
      ])
    #expect(timeline.isPlaying)
    #expect(timeline.countIn == nil)
  }

  /// The count-in's length does not depend on where the clock is sampled.
  @Test func theCountInEndsOnTheSameInstantHoweverTheClockIsSplit() {
    var whole = PlaybackTimeline()
    whole.load(durationSec: 60)
    whole.setClicks(Self.clicks)
    whole.play()
    var split = whole
    let once = collect(&whole, until: 3)
    var pieces: [TimelineSegment] = []
    for step in 1...192 { split.advance(toWallSec: Double(step) / 64) { pieces.append($0) } }
    #expect(once.last?.wallStartSec == 2)
    #expect(pieces.first { $0.isPlaying }?.wallStartSec == 2)
    #expect(split.positionSec == whole.positionSec)
  }

  @Test func everyPassCountsInAtAAfterEachWrapButOnlyThen() {
    var timeline = PlaybackTimeline()
    timeline.load(durationSec: 60)
    var clicks = Self.clicks
    clicks.countInBeats = 2
    clicks.countInEveryPass = true
    timeline.setClicks(clicks)
    timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
    timeline.seek(toSec: 2)
    timeline.play()
    let segments = collect(&timeline, until: 8)
    #expect(segments.map(\.wallStartSec) == [0, 1, 3, 4, 6, 7])
    #expect(segments.map(\.isPlaying) == [false, true, false, true, false, true])
    #expect(segments.map(\.start) == [.load, .play, .wrap, .play, .wrap, .play])
    #expect(segments[2].countIn == CountInSpan(startWallSec: 3, beatWallSec: 0.5, beats: 2))
    #expect(segments[3].sourceStartSec == 2)
  }

  @Test func pauseEndsTheCountInAndLoadForgetsTheTempo() {
    var timeline = PlaybackTimeline()
    timeline.load(durationSec: 60)
    timeline.setClicks(Self.clicks)
    timeline.play()
    timeline.advance(toWallSec: 1) { _ in }
    timeline.pause()
    #expect(timeline.countIn == nil)
    timeline.play()
    #expect(timeline.countIn?.startWallSec == 1)
    timeline.load(durationSec: 30)
    #expect(timeline.countIn == nil)
    #expect(timeline.clicks.beatSec == 0)
    timeline.play()
    #expect(timeline.countIn == nil)
  }

  /// Without a tempo, or with 0 beats, play starts at once; bad settings are ignored.
  @Test func noTempoNoCountIn() {
    var timeline = PlaybackTimeline()
    timeline.load(durationSec: 60)
    timeline.setClicks(ClickSettings(countInBeats: 4, beatSec: 0))
    timeline.play()
    #expect(timeline.countIn == nil)
    timeline.setClicks(ClickSettings(countInBeats: 4, beatSec: .nan))
    #expect(timeline.clicks == ClickSettings(countInBeats: 4, beatSec: 0))
  }
}
