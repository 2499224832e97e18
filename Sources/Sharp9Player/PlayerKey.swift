import CNcurses

/// One input event of the player: a key, a mouse gesture on the screen, or a new terminal size.
enum PlayerKey: Equatable {
  /// A printable character (`a`, `L`, `?`, space).
  case character(Character)
  case left, right, home, end
  /// Ctrl-C (raw mode delivers it as a key).
  case interrupt
  /// A left-button press at a screen cell (1-based column and row).
  case click(column: Int, row: Int)
  /// The mouse moved with the left button held.
  case drag(column: Int, row: Int)
  /// The terminal changed size (curses' `KEY_RESIZE`): the screen is drawn again at the new one.
  case resize

  /// The key for a character curses read (`wget_wch` returned `OK`), or nil for one the player
  /// has no use for (control characters other than Ctrl-C, non-ASCII).
  static func character(_ code: UInt32) -> PlayerKey? {
    switch code {
    case 0x03: .interrupt
    case 0x20...0x7E: Unicode.Scalar(code).map { .character(Character($0)) }
    default: nil
    }
  }

  /// The key for a curses function key (`wget_wch` returned `KEY_CODE_YES`), or nil for one the
  /// player has no use for. `KEY_MOUSE` is not decoded here: its report is read with `getmouse`.
  static func functionKey(_ code: Int32) -> PlayerKey? {
    switch code {
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_HOME, KEY_BEG: .home
    case KEY_END: .end
    case KEY_RESIZE: .resize
    default: nil
    }
  }
}
