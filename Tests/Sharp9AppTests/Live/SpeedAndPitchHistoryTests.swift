import Sharp9Domain
import Testing

@testable import Sharp9App

/// The speed and pitch a take begun at a past frame was played along at: the last change at or
/// before that frame, whatever order the changes became known in.
@Suite struct SpeedAndPitchHistoryTests {
  static func at(_ speed: Double, _ pitch: Double = 0) -> SpeedAndPitch {
    SpeedAndPitch(speed: speed, pitchSemitones: pitch)
  }

  @Test func aFrameGetsTheLastChangeAtOrBeforeIt() {
    var history = SpeedAndPitchHistory()
    #expect(history.setting(atFrame: 0) == nil, "nothing known: the caller's own")
    history.note(Self.at(0.75), fromFrame: 1_000, before: Self.at(1))
    history.note(Self.at(0.75, 2), fromFrame: 3_000, before: Self.at(0.75))
    #expect(history.setting(atFrame: 999) == Self.at(1))
    #expect(history.setting(atFrame: 1_000) == Self.at(0.75))
    #expect(history.setting(atFrame: 2_999) == Self.at(0.75))
    #expect(history.setting(atFrame: 3_000) == Self.at(0.75, 2))
    // A trainer's step at a wrap (frame 2,000) becomes known after a key sent at 3,000.
    history.note(Self.at(0.8), fromFrame: 2_000, before: Self.at(0.75, 2))
    #expect(history.setting(atFrame: 2_000) == Self.at(0.8))
    #expect(history.setting(atFrame: 1_999) == Self.at(0.75))
  }

  @Test func onlyTheLastChangesAreKept() {
    var history = SpeedAndPitchHistory()
    for step in 1...100 {
      history.note(Self.at(Double(step) / 100), fromFrame: Int64(step), before: Self.at(1))
    }
    #expect(history.setting(atFrame: 100) == Self.at(1))
    #expect(history.setting(atFrame: 80) == Self.at(0.8))
    #expect(history.setting(atFrame: 10) == nil)
  }
}
