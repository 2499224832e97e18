import Foundation

/// The practice session's business rules: a pure function of (state, action, context) that mutates
/// the state and returns the effects the engine must perform.
public enum Reducer {
  /// Identifies the rules: recorded with each session so replays by a later reducer are reported.
  public static let version = "1"

  /// Applies `action` to `state` and returns the effects, in the order the engine must run them.
  public static func reduce(
    into state: inout State, action: Action, context: ActionContext
  ) -> [Effect] {
    // Placeholder until the reducer rules land (issue 2).
    []
  }
}
