import Foundation
import Testing

@testable import Sharp9Domain

@Suite struct TimelineDrivingTests {
  private let track = URL(filePath: "/music/song.wav")

  private func engine(log: Box) -> HeadlessTimelineEngine {
    let engine = HeadlessTimelineEngine { _ in TrackMeta(name: "song.wav", durationSec: 20) }
    engine.onSegment = { log.value.append($0) }
    return engine
  }

  final class Box: @unchecked Sendable { var value = TimelineSegmentLog() }

  @Test func sessionPlaybackPerformsEffectsAtEventTimesAndMeasuresTickDrift() throws {
    let log = Box()
    var playback = SessionPlayback(engine: engine(log: log))
    let events: [PlaybackEvent] = [
      .init(
        sequence: 1, t: 0, action: .importPicked(url: track), effects: [.engineLoad(url: track)]),
      .init(sequence: 2, t: 1, action: .togglePlay, effects: [.enginePlay]),
      .init(sequence: 3, t: 2, action: .tick(currentTimeSec: 1), effects: []),
      .init(sequence: 4, t: 3, action: .tick(currentTimeSec: 2.25), effects: []),
      .init(
        sequence: 5, t: 3, action: .setB(timeSec: 2),
        effects: [.engineSetLoop(aSec: 1, bSec: 2, enabled: true)]),
      .init(sequence: 6, t: 4, action: .speedDelta(-0.5), effects: [.engineSetRate(0.5)]),
      .init(sequence: 7, t: 4.5, action: .tick(currentTimeSec: 1.25), effects: []),
      .init(sequence: 8, t: 5, action: .togglePlay, effects: [.enginePause, .computePeaks]),
    ]
    for event in events { try playback.handle(event) }
    try playback.finish(atWallSec: 6)
    let s = TimelineSegment.self
    #expect(
      log.value.segments == [
        s.init(
          wallStartSec: 0, wallEndSec: 1, sourceStartSec: 0, sourceEndSec: 0, speed: 1,
          pitchSemitones: 0, isPlaying: false, start: .load),
        s.init(
          wallStartSec: 1, wallEndSec: 3, sourceStartSec: 0, sourceEndSec: 2, speed: 1,
          pitchSemitones: 0, isPlaying: true, start: .play),
        s.init(
          wallStartSec: 3, wallEndSec: 4, sourceStartSec: 1, sourceEndSec: 2, speed: 1,
          pitchSemitones: 0, isPlaying: true, start: .capture),
        s.init(
          wallStartSec: 4, wallEndSec: 5, sourceStartSec: 1, sourceEndSec: 1.5, speed: 0.5,
          pitchSemitones: 0, isPlaying: true, start: .wrap),
        s.init(
          wallStartSec: 5, wallEndSec: 6, sourceStartSec: 1.5, sourceEndSec: 1.5, speed: 0.5,
          pitchSemitones: 0, isPlaying: false, start: .pause),
      ])
    #expect(playback.drift.tickCount == 3)
    #expect(playback.drift.worst?.sequence == 4)
    #expect(playback.drift.worst?.driftSec == 0.25)
    #expect(playback.drift.meanAbsoluteDriftSec == 0.25 / 3)
  }

  @Test func segmentJSONCarriesTheStartNameAndLoopedFlag() throws {
    let segment = TimelineSegment(
      wallStartSec: 4, wallEndSec: 6, sourceStartSec: 2, sourceEndSec: 4, speed: 1,
      pitchSemitones: -2, isPlaying: true, start: .wrap)
    let text = try Interchange.string(segment, canonical: true)
    #expect(
      text
        == #"{"isPlaying":true,"looped":true,"pitchSemitones":-2,"sourceEndSec":4,"#
        + #""sourceStartSec":2,"speed":1,"start":"wrap","wallEndSec":6,"wallStartSec":4}"#)
    let decoded = try Interchange.decoder().decode(TimelineSegment.self, from: Data(text.utf8))
    #expect(decoded == segment)
  }

  /// Random command sequences: segments tile wall time without gaps, stay inside the track,
  /// move linearly at their speed, and never cross B of the loop that was active.
  @Test func randomSessionsKeepTheTimelineInvariants() {
    var random = SplitMix64(seed: 0x5EED)
    for _ in 0..<200 {
      var timeline = PlaybackTimeline()
      timeline.load(durationSec: 30)
      var wall = 0.0
      var segments: [TimelineSegment] = []
      for _ in 0..<40 {
        wall += Double(random.next() % 4000) / 1000
        timeline.advance(toWallSec: wall) { segments.append($0) }
        let x = Double(random.next() % 36_000) / 1000 - 3
        let y = Double(random.next() % 36_000) / 1000 - 3
        switch random.next() % 7 {
        case 0: timeline.play()
        case 1: timeline.pause()
        case 2: timeline.seek(toSec: x)
        case 3: timeline.setSpeed(Double(random.next() % 8 + 1) * 0.25)
        case 4: timeline.setPitchSemitones(y)
        case 5: timeline.setLoop(aSec: x, bSec: y, enabled: random.next() % 3 != 0)
        default: timeline.load(durationSec: 30)
        }
      }
      var previousEnd = 0.0
      for segment in segments {
        #expect(segment.wallStartSec == previousEnd)
        #expect(segment.wallEndSec > segment.wallStartSec)
        #expect(segment.sourceStartSec >= 0 && segment.sourceEndSec <= 30)
        let expected = segment.isPlaying ? segment.wallDurationSec * segment.speed : 0
        #expect(abs(segment.sourceEndSec - segment.sourceStartSec - expected) < 1e-9)
        previousEnd = segment.wallEndSec
      }
    }
  }
}
