import Foundation

/// One `sharp9 fuzz` run: generates a session from a seed (``SessionFuzzer``), checks every state
/// against ``Invariants`` and the replays against each other (``ReplayConsistency``), and on a
/// failure shrinks the session with ``SessionMinimizer``. The checks that need the store come in
/// as ``StoredReplayChecks``; saving the minimal session is the caller's.
public struct FuzzRunner {
  /// What a run found.
  public struct Report {
    /// The seed; the same seed and length regenerate the same session.
    public var seed: UInt64
    /// Events generated.
    public var events: Int
    /// The first problem; `nil` when every check passed.
    public var problem: FuzzProblem?
    /// The minimized failing session, as a script (un-recorded marker ids).
    public var minimized: SessionScript?

    /// True when every check passed.
    public var passed: Bool { problem == nil }
  }

  /// The reducer under test (tests plant bugs through it).
  public var reduce: InvariantChecker.Reduce?
  /// The replay checks that need the store.
  public var stored: StoredReplayChecks

  /// Creates a runner for the real reducer, or a substitute.
  public init(reduce: InvariantChecker.Reduce? = nil, stored: StoredReplayChecks) {
    self.reduce = reduce
    self.stored = stored
  }

  /// Generates and checks one session; a failure is minimized.
  ///
  /// The session is generated, checked and stored one action at a time (see ``firstProblem``),
  /// so memory does not grow with `events`; only a failing run regenerates its actions, up to
  /// the one that shows the problem, to minimize them.
  public func run(seed: UInt64, events: Int) throws -> Report {
    var report = Report(seed: seed, events: events, problem: nil, minimized: nil)
    guard let found = try firstProblem(seed: seed, events: events) else { return report }
    report.problem = found.problem
    let script = SessionFuzzer(seed: seed).script(events: found.through)
    let seqs = script.actions.indices.map { Int64($0) + 1 }
    let result = try SessionMinimizer(reduce: reduce).minimize(
      script, originalSeqs: seqs, recordedIn: SessionScript.unrecordedSessionID, found.predicate)
    report.minimized = result.script
    return report
  }

  /// What a run found: the problem, how many actions show it and which predicate keeps it.
  public struct Problem {
    /// The problem.
    public var problem: FuzzProblem
    /// How many of the seed's actions show it.
    public var through: Int
    /// What ``SessionMinimizer`` keeps while it shrinks them.
    public var predicate: SessionMinimizer.Predicate
  }

  /// Checks the seed's first `events` actions as they are generated: every state against the
  /// invariants, and the replays against each other (``ReplayConsistency/Stream``). A broken
  /// invariant anywhere is reported before a divergence, as the more direct finding.
  public func firstProblem(seed: UInt64, events: Int) throws -> Problem? {
    let fuzzer = SessionFuzzer(seed: seed)
    let startedAt = fuzzer.header.startedAt ?? SessionScript.defaultStartedAt
    var invariants = InvariantChecker(reduce: reduce ?? Reducer.reduce)
    let replays = try ReplayConsistency.Stream(
      ReplayConsistency(reduce: reduce, stored: stored), startedAt: startedAt, onDisk: true)
    var divergence: Problem?
    for (index, scripted) in fuzzer.actions().prefix(events).enumerated() {
      let seq = Int64(index) + 1
      let context = ActionContext(
        session: SessionScript.unrecordedSessionID, startedAt: startedAt, sequence: seq,
        t: scripted.t)
      if let finding = invariants.apply(scripted.action, context: context, seq: seq, t: scripted.t)
      {
        return Problem(
          problem: .invariant(seq: seq, violations: finding.violations), through: index + 1,
          predicate: .invariant)
      }
      if divergence == nil, let problem = try replays.check(scripted) {
        divergence = Problem(
          problem: .replay(problem), through: index + 1, predicate: .diverges(stored))
      }
    }
    if let divergence { return divergence }
    return try replays.finish().map {
      Problem(problem: .replay($0), through: events, predicate: .diverges(stored))
    }
  }
}
