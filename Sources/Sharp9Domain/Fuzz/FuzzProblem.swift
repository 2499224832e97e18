/// What a `sharp9 fuzz` run found first (front ends word it).
public enum FuzzProblem: Sendable, Equatable {
  /// The state after event `seq` breaks these rules.
  case invariant(seq: Int64, violations: [InvariantViolation])
  /// The replays disagree (see ``ReplayConsistency``).
  case replay(ReplayProblem)
}
