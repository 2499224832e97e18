import Foundation
import Sharp9Domain

/// One `sharp9 fuzz` run: generates a session from a seed (``SessionFuzzer``), checks every state
/// against ``Invariants`` and the replays against each other (``ReplayConsistency``), and on a
/// failure shrinks the session with ``SessionMinimizer`` and saves the minimal one.
public struct FuzzRunner {
  /// What a run found.
  public struct Report {
    /// The seed; the same seed and length regenerate the same session.
    public var seed: UInt64
    /// Events generated.
    public var events: Int
    /// The first problem, one line; `nil` when every check passed.
    public var problem: String?
    /// The minimized failing session, as a script (un-recorded marker ids).
    public var minimized: SessionScript?

    /// True when every check passed.
    public var passed: Bool { problem == nil }
  }

  /// The reducer under test (tests plant bugs through it).
  public var reduce: InvariantChecker.Reduce?

  /// Creates a runner for the real reducer, or a substitute.
  public init(reduce: InvariantChecker.Reduce? = nil) { self.reduce = reduce }

  /// Generates and checks one session; a failure is minimized.
  public func run(seed: UInt64, events: Int) throws -> Report {
    let script = SessionFuzzer(seed: seed).script(events: events)
    var report = Report(
      seed: seed, events: events, problem: nil, minimized: nil)
    let predicate: SessionMinimizer.Predicate
    if let finding = InvariantChecker.firstFinding(in: script, reduce: reduce ?? Reducer.reduce) {
      report.problem =
        "event \(finding.seq) breaks "
        + finding.violations.joined(separator: "; ")
      predicate = .invariant
    } else if let problem = try ReplayConsistency(reduce: reduce).firstProblem(in: script) {
      report.problem = problem
      predicate = .diverges
    } else {
      return report
    }
    let seqs = script.actions.indices.map { Int64($0) + 1 }
    let result = try SessionMinimizer(reduce: reduce).minimize(
      script, originalSeqs: seqs, recordedIn: SessionScript.unrecordedSessionID, predicate)
    report.minimized = result.script
    return report
  }

  /// Saves the minimized session of a failed run in `store`; `nil` for a run that passed.
  public func save(_ report: Report, into store: EventStore, sharp9Version: String) throws
    -> SessionRecord?
  {
    guard let minimized = report.minimized else { return nil }
    let new = NewSession(
      title: "fuzz seed \(report.seed) (\(report.events) events), minimized",
      startedAt: minimized.startedAt, audio: nil, sharp9Version: sharp9Version)
    return try store.createSession(new, unrecordedScript: minimized)
  }
}
