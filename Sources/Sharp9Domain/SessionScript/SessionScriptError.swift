/// Why a session script line was rejected, with its 1-based line number.
///
/// The description reads `line 3: field "timeSec": must be a finite number`.
public struct SessionScriptError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The 1-based line number in the script (blank lines count).
  public var line: Int
  /// What is wrong, naming the field when one is to blame.
  public var message: String

  /// Creates an error.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// `line N: message`.
  public var description: String { "line \(line): \(message)" }
}
