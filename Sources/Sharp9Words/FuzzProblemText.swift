import Sharp9Domain

/// The words for what a `sharp9 fuzz` run found, one line.
public enum FuzzProblemText {
  /// `event 19 breaks loop.enabled is true without both A and B`, `two replays differ after
  /// event 7: …`.
  public static func line(_ problem: FuzzProblem) -> String {
    switch problem {
    case .invariant(let seq, let violations):
      "event \(seq) breaks " + violations.map(InvariantText.sentence).joined(separator: "; ")
    case .replay(let problem): ReplayProblemText.line(problem)
    }
  }
}
