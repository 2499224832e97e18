import Sharp9Domain
import Sharp9Words
import Testing

@Suite("replay problem words")
struct ReplayProblemTextTests {
  let speed = FieldChange(path: "transport.speed", before: "1", after: "1.5")

  @Test("each check is worded with its event and the fields that differ")
  func eachCheck() {
    #expect(
      ReplayProblemText.line(ReplayProblem(.replaysDiffer, at: 7, changes: [speed]))
        == "two replays differ after event 7: transport.speed: 1 → 1.5")
    #expect(
      ReplayProblemText.line(ReplayProblem(.snapshotDoesNotRestore, at: 16, changes: [speed]))
        == "the snapshot after event 16 does not restore the state: transport.speed: 1 → 1.5")
    #expect(
      ReplayProblemText.line(ReplayProblem(.storedStateDiffers, at: 24, changes: [speed]))
        == "state at event 24 from the nearest snapshot differs from a replay from scratch:"
        + " transport.speed: 1 → 1.5")
  }

  @Test("at most three fields are named; none says why")
  func fields() {
    let marker = FieldChange(path: "markers[7f3a09c1]", before: nil, after: "{}")
    let four = [speed, marker, speed, marker]
    #expect(
      ReplayProblemText.line(ReplayProblem(.replaysDiffer, at: 1, changes: four))
        == "two replays differ after event 1: transport.speed: 1 → 1.5;"
        + " markers[7f3a09c1]: (absent) → {}; transport.speed: 1 → 1.5")
    #expect(
      ReplayProblemText.line(ReplayProblem(.replaysDiffer, at: 1, changes: []))
        == "two replays differ after event 1: (equal JSON; a non-JSON difference such as NaN)")
  }

  @Test("a fuzz run's invariant finding names the event and every broken rule")
  func fuzzInvariant() {
    #expect(
      FuzzProblemText.line(
        .invariant(seq: 19, violations: [.loopEnabledWithoutAB, .loadingWithTrack]))
        == "event 19 breaks loop.enabled is true without both A and B;"
        + " isLoading is true while a track is loaded")
  }
}
