/// One non-blank line of a session script, as read by ``SessionScriptParser/parseLine(_:number:requiresTime:)``.
public enum SessionScriptLine: Sendable, Equatable, Hashable {
  /// The session header, `{"session":{…}}`.
  case header(SessionScriptHeader)
  /// An action; `t` is `nil` only when the line had none and time was not required (the live
  /// recorder stamps such lines with its own clock).
  case action(Action, t: Double?)
}
