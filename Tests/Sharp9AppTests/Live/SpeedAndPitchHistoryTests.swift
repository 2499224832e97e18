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
    let kept = SpeedAndPitchHistory.kept
    let speed = { (step: Int) in Self.at(Double(step % 100 + 1) / 100) }
    for step in 1...(kept + 100) {
      history.note(speed(step), fromFrame: Int64(step), before: Self.at(1))
    }
    #expect(history.setting(atFrame: Int64(kept + 100)) == speed(kept + 100))
    #expect(history.setting(atFrame: 101) == speed(101))
    #expect(history.setting(atFrame: 100) == nil, "the first 100 are forgotten")
  }

  static func take(from start: Int64, to end: Int64, at playedAt: SpeedAndPitch?)
    -> TakeRecording
  {
    TakeRecording(
      startFrame: start, endFrame: end, pass: 1, input: "pulse",
      sha256: String(repeating: "ab", count: 32), playedAt: playedAt)
  }

  /// A take gets the speed and pitch of its first frame and every change strictly inside it,
  /// counted from its first frame; a change at its first or last frame belongs to another take,
  /// and one that changes nothing (a trainer's step, then its action) is not a change.
  @Test func aTakeIsStampedWithTheChangesWhileItWasRecorded() {
    var history = SpeedAndPitchHistory()
    history.note(Self.at(0.6), fromFrame: 1_000, before: Self.at(1))
    history.note(Self.at(0.65), fromFrame: 5_000, before: Self.at(0.6))
    history.note(Self.at(0.65), fromFrame: 5_256, before: Self.at(0.65))
    history.note(Self.at(0.65, -2), fromFrame: 8_000, before: Self.at(0.65))
    history.note(Self.at(0.7, -2), fromFrame: 10_000, before: Self.at(0.65, -2))
    let stamped = history.stamp(Self.take(from: 2_000, to: 10_000, at: Self.at(1)))
    #expect(stamped.playedAt == Self.at(0.6), "the first frame's, whatever the recorder said")
    #expect(
      stamped.playedAtChanges == [
        PlayedAtChange(frame: 3_000, playedAt: Self.at(0.65)),
        PlayedAtChange(frame: 6_000, playedAt: Self.at(0.65, -2)),
      ])
    #expect(stamped.problem == nil)
    let atAChange = history.stamp(Self.take(from: 5_000, to: 8_001, at: nil))
    #expect(atAChange.playedAt == Self.at(0.65))
    #expect(
      atAChange.playedAtChanges == [PlayedAtChange(frame: 3_000, playedAt: Self.at(0.65, -2))])
    // Nothing known: the take keeps what it came with, and no changes.
    let unknown = SpeedAndPitchHistory().stamp(Self.take(from: 0, to: 9, at: Self.at(0.5)))
    #expect(unknown == Self.take(from: 0, to: 9, at: Self.at(0.5)))
  }

  /// A take that saw more changes than a take keeps keeps the first ones.
  @Test func aTakeKeepsAtMostTheLimitOfChanges() {
    var history = SpeedAndPitchHistory()
    let limit = PracticeRules.takePlayedAtChangeLimit
    for step in 1...(limit + 10) {
      let speed = step % 2 == 0 ? 0.5 : 0.55
      history.note(Self.at(speed), fromFrame: Int64(step * 10), before: Self.at(1))
    }
    let stamped = history.stamp(Self.take(from: 5, to: 100_000, at: nil))
    #expect(stamped.playedAtChanges.count == limit)
    #expect(stamped.playedAtChanges.first?.frame == 5)
    #expect(stamped.problem == nil)
  }
}
