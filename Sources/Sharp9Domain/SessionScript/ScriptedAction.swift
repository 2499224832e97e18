import Foundation

/// One action line of a session script: the action and when it happened.
public struct ScriptedAction: Sendable, Equatable, Hashable {
  /// Seconds since the session started: finite, `>= 0`, never less than the previous line's.
  public var t: Double
  /// What happened.
  public var action: Action

  /// Creates a scripted action.
  public init(t: Double, action: Action) {
    self.t = t
    self.action = action
  }
}
