import Foundation
import Testing

@testable import Sharp9Domain

@Suite("SessionFuzzer")
struct SessionFuzzerTests {
  private static let seeds: [UInt64] = [1, 7, 42, 2026, 0xDEAD_BEEF]

  @Test("the same seed gives the same script, byte for byte")
  func deterministic() throws {
    let first = try SessionFuzzer(seed: 42).script(events: 2_000).encoded()
    let second = try SessionFuzzer(seed: 42).script(events: 2_000).encoded()
    #expect(first == second)
    #expect(try SessionFuzzer(seed: 43).script(events: 2_000).encoded() != first)
  }

  @Test("exactly the requested number of events, with t never decreasing")
  func lengthAndTime() {
    for count in [0, 1, 2, 3, 10, 777] {
      let script = SessionFuzzer(seed: 5).script(events: count)
      #expect(script.actions.count == count)
      #expect(zip(script.actions, script.actions.dropFirst()).allSatisfy { $0.t <= $1.t })
    }
  }

  @Test("a script is a prefix of a longer one from the same seed")
  func prefixStable() {
    let short = SessionFuzzer(seed: 9).script(events: 300).actions
    let long = SessionFuzzer(seed: 9).script(events: 900).actions
    #expect(Array(long.prefix(300)) == short)
  }

  @Test("scripts are plausible: a track, ticks, loops, tempo, markers, the lock")
  func plausible() {
    let kinds = Set(SessionFuzzer(seed: 2026).script(events: 5_000).actions.map(\.action.kind))
    let expected: Set<Action.Kind> = [
      .importPicked, .importSucceeded, .tick, .togglePlay, .setA, .setB, .abCycle,
      .toggleLoopEnabled, .speedDelta, .pitchDelta, .cycleSpeed, .addMarker, .markNow,
      .deleteMarker, .setLocked, .clearToastIfExpired, .skip, .dragScrub, .tapWaveform, .undo,
      .redo,
    ]
    #expect(expected.isSubset(of: kinds))
  }

  @Test("fuzzed sessions keep every invariant after every event", arguments: seeds)
  func invariantsHold(seed: UInt64) {
    let script = SessionFuzzer(seed: seed).script(events: 3_000)
    var state = State()
    for index in script.actions.indices {
      _ = Reducer.reduce(
        into: &state, action: script.actions[index].action,
        context: script.context(forActionAt: index))
      let broken = Invariants.violations(of: state)
      #expect(broken.isEmpty, "seed \(seed), event \(index + 1): \(broken)")
      if !broken.isEmpty { return }
    }
  }
}
