import Foundation

/// Folds a session one event at a time through a reducer and checks ``Invariants`` on every
/// state, stopping at the first event whose resulting state breaks a rule.
///
/// The reducer is a parameter so tests can plant a bug and see it caught (and minimized); every
/// real caller uses ``Reducer/reduce(into:action:context:)``, the default.
///
/// ```swift
/// var checker = InvariantChecker()
/// for event in events {
///   if let finding = checker.apply(event.action, context: event.context, seq: event.seq, t: event.t) {
///     report(finding)
///     break
///   }
/// }
/// ```
public struct InvariantChecker {
  /// The reducer's shape: what `Reducer.reduce` is, and what a test may substitute.
  public typealias Reduce = (inout State, Action, ActionContext) -> [Effect]

  /// The first event that broke an invariant, with the states around it.
  public struct Finding: Sendable, Equatable {
    /// The event's sequence number.
    public var seq: Int64
    /// The event's time, seconds since the session started.
    public var t: Double
    /// The action that led to the broken state.
    public var action: Action
    /// The (sound) state before the action.
    public var before: State
    /// The state after it, which breaks ``violations``.
    public var after: State
    /// The rules broken (see ``Invariants/violations(of:)``).
    public var violations: [InvariantViolation]
  }

  /// The state after the events applied so far.
  public private(set) var state: State
  /// How many events were applied.
  public private(set) var eventsChecked: Int64 = 0
  private let reduce: Reduce

  /// Starts from `state` (the launch state by default) with `reduce` (the real reducer by default).
  public init(state: State = State(), reduce: @escaping Reduce = Reducer.reduce) {
    self.state = state
    self.reduce = reduce
  }

  /// Applies one event; returns a finding when the state after it breaks an invariant.
  public mutating func apply(_ action: Action, context: ActionContext, seq: Int64, t: Double)
    -> Finding?
  {
    let before = state
    _ = reduce(&state, action, context)
    eventsChecked += 1
    let violations = Invariants.violations(of: state)
    guard !violations.isEmpty else { return nil }
    return Finding(
      seq: seq, t: t, action: action, before: before, after: state, violations: violations)
  }

  /// Checks a whole script reduced un-recorded (``SessionScript/context(forActionAt:)``); the
  /// finding's `seq` is the 1-based action number.
  public static func firstFinding(
    in script: SessionScript, reduce: @escaping Reduce = Reducer.reduce
  ) -> Finding? {
    var checker = InvariantChecker(reduce: reduce)
    for (index, scripted) in script.actions.enumerated() {
      let context = script.context(forActionAt: index)
      if let finding = checker.apply(
        scripted.action, context: context, seq: Int64(index) + 1, t: scripted.t)
      {
        return finding
      }
    }
    return nil
  }
}
