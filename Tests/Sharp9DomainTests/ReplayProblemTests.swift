import Foundation
import Sharp9Domain
import Testing

@Suite("replay problems")
struct ReplayProblemTests {
  /// Five actions that change nothing the planted faults below touch.
  let script = SessionScript(
    header: nil,
    actions: (1...5).map { ScriptedAction(t: Double($0), action: .setMode(.marker)) })

  /// A snapshot encoding that does not restore the speed.
  func drifting(_ drift: @escaping @Sendable (Double) -> Double) -> StoredReplayChecks {
    StoredReplayChecks(
      snapshotRoundTrip: { state in
        var restored = state
        restored.transport.speed = drift(restored.transport.speed)
        return restored
      },
      openSession: nil)
  }

  @Test("a snapshot that does not restore the state: the event and the field, before → after")
  func snapshotProblemCarriesTheChange() throws {
    let consistency = ReplayConsistency(snapshotInterval: 4, stored: drifting { $0 + 0.5 })
    #expect(
      try consistency.firstProblem(in: script)
        == ReplayProblem(
          .snapshotDoesNotRestore, at: 4,
          changes: [FieldChange(path: "transport.speed", before: "1", after: "1.5")]))
  }

  @Test("a difference JSON cannot show carries no changes")
  func nonJSONDifference() throws {
    let consistency = ReplayConsistency(snapshotInterval: 2, stored: drifting { _ in .nan })
    let problem = try #require(try consistency.firstProblem(in: script))
    #expect(problem.check == .snapshotDoesNotRestore)
    #expect(problem.seq == 2)
    #expect(problem.changes.isEmpty)
  }

  @Test("two replays that differ: the event and the field")
  func replaysDiffer() throws {
    /// Counts reducer calls: the first fold of the third action transposes.
    final class Flaky {
      var calls = 0
    }
    let flaky = Flaky()
    let consistency = ReplayConsistency(
      reduce: { state, action, context in
        let effects = Reducer.reduce(into: &state, action: action, context: context)
        flaky.calls += 1
        if flaky.calls == 5 { state.transport.pitchSemitones = 1 }
        return effects
      },
      stored: StoredReplayChecks(snapshotRoundTrip: nil, openSession: nil))
    #expect(
      try consistency.firstProblem(in: script)
        == ReplayProblem(
          .replaysDiffer, at: 3,
          changes: [FieldChange(path: "transport.pitchSemitones", before: "1", after: "0")]))
  }
}
