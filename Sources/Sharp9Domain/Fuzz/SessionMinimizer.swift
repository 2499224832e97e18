import Foundation

/// Shrinks a session to the smallest subsequence of its actions for which a predicate still holds,
/// with ``DeltaDebugging`` (ddmin). Candidates keep their actions' order and `t`, and are handed
/// to the predicate as un-recorded scripts (``SessionScript/context(forActionAt:)``), with
/// `deleteMarker` ids re-homed so they still name the markers their kept events create.
///
/// ```swift
/// let minimizer = SessionMinimizer()
/// let result = try minimizer.minimize(script, originalSeqs: seqs, recordedIn: session.id, .invariant)
/// print(try result.script.encoded())
/// ```
public struct SessionMinimizer {
  /// What must keep holding while the session shrinks.
  public enum Predicate {
    /// Some state breaks an ``Invariants`` rule.
    case invariant
    /// The replays disagree (see ``ReplayConsistency``), with the store's checks.
    case diverges(StoredReplayChecks)
    /// A caller-supplied test of the candidate script (e.g. an external command exiting 0).
    case custom((SessionScript) throws -> Bool)
  }

  /// The shrunk session.
  public struct Result {
    /// The minimal script (header of the input, un-recorded marker ids).
    public var script: SessionScript
    /// The sequence numbers (in the original session) of the kept actions.
    public var keptSeqs: [Int64]
    /// How many candidates the predicate was asked about.
    public var tests: Int
  }

  /// Why nothing could be minimized (front ends word it).
  public enum Failure: Error, Equatable {
    /// The predicate is false for the whole session, so there is no failure to keep.
    case predicateDoesNotHold(PredicateKind)
  }

  /// Which predicate a ``Failure`` is about.
  public enum PredicateKind: Sendable, Equatable {
    /// ``Predicate/invariant``.
    case invariant
    /// ``Predicate/diverges(_:)``.
    case diverges
    /// ``Predicate/custom(_:)``.
    case custom
  }

  /// The reducer the built-in predicates use (tests plant bugs through it).
  public var reduce: InvariantChecker.Reduce?

  /// Creates a minimizer; `reduce` defaults to the real reducer.
  public init(reduce: InvariantChecker.Reduce? = nil) { self.reduce = reduce }

  /// Minimizes `script`'s actions, which were recorded as events `originalSeqs` of session
  /// `sessionID` (for a script reduced un-recorded, pass ``SessionScript/unrecordedSessionID`` and
  /// `1...count`).
  ///
  /// - Throws: ``Failure/predicateDoesNotHold(_:)``, or what a custom predicate throws.
  public func minimize(
    _ script: SessionScript, originalSeqs: [Int64], recordedIn sessionID: UUID,
    _ predicate: Predicate
  ) throws -> Result {
    // Candidates are rebased from a space other than the one they are replayed in, so the id of a
    // marker whose creating event was dropped can never name a marker a kept event creates.
    let privateSpace = UUID(
      uuid: (0x6D, 0x69, 0x6E, 0x69, 0x6D, 0x69, 0x8A, 0x65, 0x80, 0, 0, 0, 0, 0, 0, 1))
    var actions = script.actions
    var seqs = originalSeqs
    if sessionID == SessionScript.unrecordedSessionID {
      actions = MarkerIDRebase.rebase(
        actions, originalSeqs: seqs, from: sessionID, to: privateSpace)
    }
    let space = sessionID == SessionScript.unrecordedSessionID ? privateSpace : sessionID
    let holds = try test(for: predicate)
    func candidate(_ kept: [Int]) -> SessionScript {
      let rebased = MarkerIDRebase.rebase(
        kept.map { actions[$0] }, originalSeqs: kept.map { seqs[$0] }, from: space,
        to: SessionScript.unrecordedSessionID)
      return SessionScript(header: script.header, actions: rebased)
    }
    // An invariant broken at event k stays broken in the prefix through k: start from there.
    if case .invariant = predicate,
      let finding = InvariantChecker.firstFinding(
        in: candidate(Array(actions.indices)), reduce: reduce ?? Reducer.reduce)
    {
      actions = Array(actions.prefix(Int(finding.seq)))
      seqs = Array(seqs.prefix(Int(finding.seq)))
    }
    guard try holds(candidate(Array(actions.indices))) else {
      throw Failure.predicateDoesNotHold(Self.kind(of: predicate))
    }
    let outcome = try DeltaDebugging.run(Array(actions.indices)) { kept in
      try holds(candidate(kept))
    }
    return Result(
      script: candidate(outcome.minimal), keptSeqs: outcome.minimal.map { seqs[$0] },
      tests: outcome.tests + 1)
  }

  private func test(for predicate: Predicate) throws -> (SessionScript) throws -> Bool {
    switch predicate {
    case .invariant:
      let reduce = self.reduce ?? Reducer.reduce
      return { InvariantChecker.firstFinding(in: $0, reduce: reduce) != nil }
    case .diverges(let stored):
      let consistency = ReplayConsistency(reduce: reduce, stored: stored)
      return { try consistency.firstProblem(in: $0) != nil }
    case .custom(let test):
      return test
    }
  }

  private static func kind(of predicate: Predicate) -> PredicateKind {
    switch predicate {
    case .invariant: .invariant
    case .diverges: .diverges
    case .custom: .custom
    }
  }
}
