import CNcurses

/// A curses call that failed (it returned `ERR`): the terminal cannot do what the player needs.
public struct TerminalError: Error, Equatable, CustomStringConvertible {
  /// The curses function that failed.
  public var call: String

  /// "ncurses' CALL failed".
  public var description: String { "ncurses' \(call) failed" }

  /// Throws when `code` is curses' `ERR`; every curses return code the player keeps goes
  /// through here.
  static func check(_ code: Int32, _ call: String) throws(TerminalError) {
    if code == ERR { throw TerminalError(call: call) }
  }
}
