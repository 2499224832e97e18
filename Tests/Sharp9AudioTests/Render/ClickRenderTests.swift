import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// The metronome and the count-in in the render, by sample: every click starts on the frame of
/// its beat at the speed in force, the count-in holds playback exactly its length, and the
/// output is the same on every run.
@Suite struct ClickRenderTests {
  static let rate = 44_100

  /// A silent 8 s mono source: what is heard is the clicks alone.
  static func silence() throws -> URL {
    let url = try RenderFixture.directory().appending(path: "silence.wav")
    try RenderFixture.write(url, sampleRate: rate, frames: 8 * rate) { _, _ in 0 }
    return url
  }

  /// 120 BPM from 0, a bar every four beats.
  static let grid = BeatGrid.constant(tempo: 120, anchorSec: 0, durationSec: 8)

  /// The frames where a click starts: non-zero after at least `gap` zero frames.
  static func onsets(_ samples: [Float], gap: Int = 200) -> [Int] {
    var found: [Int] = []
    var zeros = gap
    for (index, sample) in samples.enumerated() {
      if sample != 0 {
        if zeros >= gap { found.append(index) }
        zeros = 0
      } else {
        zeros += 1
      }
    }
    return found
  }

  @Test func metronomeClicksStartOnTheFramesOfTheBeatsAtTheSpeedInForce() throws {
    let source = try Self.silence()
    let events = RenderFixture.events([
      (0, [.engineLoad(url: source)]),
      (
        0,
        [
          .engineSetBeatGrid(Self.grid), .engineSetClicks(ClickSettings(metronomeLevel: 0.5)),
          .engineSetRate(0.75),
        ]
      ),
      (0.1, [.enginePlay]),
      (1.0, [.engineSetRate(1.25)]),
    ])
    let rendered = try RenderFixture.render(source: source, events: events, endSec: 3)
    // Source 0 and 0.5 at 0.75× from wall 0.1; from wall 1.0 (source 0.675) at 1.25×.
    let walls =
      [0.1, 0.1 + 0.5 / 0.75] + [1.0, 1.5, 2.0, 2.5, 3.0].map { 1.0 + ($0 - 0.675) / 1.25 }
    let expected = walls.map { Int(($0 * Double(Self.rate)).rounded()) }
    let found = Self.onsets(rendered)
    #expect(found.count == expected.count)
    for (onset, beat) in zip(found, expected) { #expect(abs(onset - beat) <= 1) }
    // Each click is the whole click sound at the level, accented on bar starts (beats 0 and 2).
    let sound = ClickSound(sampleRate: Self.rate)
    for (index, onset) in found.enumerated() {
      for offset in 0..<sound.length {
        let want = sound.sample(offset, accent: index == 0 || index == 4) * 0.5
        if rendered[onset + offset] != want {
          Issue.record("click \(index) differs at \(offset): \(rendered[onset + offset]) ≠ \(want)")
          break
        }
      }
    }
    let again = try RenderFixture.render(source: source, events: events, endSec: 3)
    #expect(again == rendered, "the render is the same on every run")
  }

  /// Where the clock is sampled does not move a click: a beat 0.3 samples before an event's
  /// frame (an action that changes nothing splits the segment there, as a device callback
  /// does) clicks on the frame it rounds to, exactly as without the event.
  @Test func aSplitJustAfterABeatDoesNotMoveItsClick() throws {
    let source = try Self.silence()
    let beat = 0.5 - 0.3 / Double(Self.rate)
    let grid = BeatGrid(tempo: 120, beats: [beat, beat + 0.5], downbeats: [beat])
    let setup: [(Double, [Effect])] = [
      (0, [.engineLoad(url: source)]),
      (0, [.engineSetBeatGrid(grid), .engineSetClicks(ClickSettings(metronomeLevel: 1))]),
      (0, [.enginePlay]),
    ]
    let whole = try RenderFixture.render(
      source: source, events: RenderFixture.events(setup), endSec: 1.2)
    let split = try RenderFixture.render(
      source: source, events: RenderFixture.events(setup + [(0.5, []), (1.0, [])]), endSec: 1.2)
    #expect(Self.onsets(whole) == [22_050, 44_100])
    #expect(Self.onsets(split) == [22_050, 44_100])
    #expect(split.count == whole.count)
    let difference = zip(split, whole).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(difference == nil, "first difference at \(difference?.offset ?? -1)")
  }

  /// A beat at B is heard once per pass, at A's start when A is on a beat.
  @Test func loopPassesClickOncePerBeat() throws {
    let source = try Self.silence()
    let events = RenderFixture.events([
      (0, [.engineLoad(url: source)]),
      (0, [.engineSetBeatGrid(Self.grid), .engineSetClicks(ClickSettings(metronomeLevel: 1))]),
      (0, [.engineSetLoop(aSec: 1, bSec: 2, enabled: true), .engineSeek(timeSec: 1)]),
      (0, [.enginePlay]),
    ])
    let rendered = try RenderFixture.render(source: source, events: events, endSec: 3.9)
    let expected = [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5].map { Int($0 * Double(Self.rate)) }
    #expect(Self.onsets(rendered) == expected)
  }

  /// Four beats of 120 BPM at half speed: clicks 1 s apart, then the source plays exactly as it
  /// would have if play had been pressed 4 s later.
  @Test func theCountInHoldsPlaybackForExactlyItsBeats() throws {
    let source = try LiveEngineTests.source()
    let clicks = ClickSettings(countInLevel: 0.5, countInBeats: 4, beatSec: 0.5)
    let counted = try RenderFixture.render(
      source: source,
      events: RenderFixture.events([
        (0, [.engineLoad(url: source), .engineSetClicks(clicks), .engineSetRate(0.5)]),
        (0.2, [.enginePlay]),
      ]), endSec: 5.5)
    let late = try RenderFixture.render(
      source: source,
      events: RenderFixture.events([
        (0, [.engineLoad(url: source), .engineSetRate(0.5)]), (4.2, [.enginePlay]),
      ]), endSec: 5.5)
    let start = Int((4.2 * Double(Self.rate)).rounded()) * 2
    #expect(counted.count == late.count)
    #expect(counted[start...] == late[start...], "playback starts where the count-in ends")
    #expect(counted[start...].contains { abs($0) > 0.1 })
    let left = stride(from: 0, to: start, by: 2).map { counted[$0] }
    let expected = [0.2, 1.2, 2.2, 3.2].map { Int(($0 * Double(Self.rate)).rounded()) }
    #expect(Self.onsets(left) == expected)
    let sound = ClickSound(sampleRate: Self.rate)
    #expect(left[expected[0]] == sound.sample(0, accent: true) * 0.5)
    #expect(left[expected[1]] == sound.sample(0, accent: false) * 0.5)
  }
}
