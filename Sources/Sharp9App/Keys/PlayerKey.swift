/// One input event of a player: a key, a mouse gesture on the screen, or a new terminal size.
/// The terminal player reads them through curses, the practice page sends the keys by name
/// (``named(_:)``), and both map them through ``PlayerBindings``.
public enum PlayerKey: Equatable, Sendable {
  /// A printable character (`a`, `L`, `?`, space; letters beyond ASCII reach the prompt only).
  case character(Character)
  case left, right, home, end
  /// Return, Backspace and Escape: the prompt's keys (no binding uses them).
  case enter, backspace, escape
  /// Ctrl-C (raw mode delivers it as a key).
  case interrupt
  /// A left-button press at a screen cell (1-based column and row).
  case click(column: Int, row: Int)
  /// The mouse moved with the left button held.
  case drag(column: Int, row: Int)
  /// The terminal changed size (curses' `KEY_RESIZE`): the screen is drawn again at the new one.
  case resize

  /// The key for a character curses read (`wget_wch` returned `OK`), or nil for one the player
  /// has no use for (other control characters).
  public static func character(_ code: UInt32) -> PlayerKey? {
    switch code {
    case 0x03: .interrupt
    case 0x0A, 0x0D: .enter
    case 0x08, 0x7F: .backspace
    case 0x1B: .escape
    case 0x20...0x7E, 0xA0...: Unicode.Scalar(code).map { .character(Character($0)) }
    default: nil
    }
  }

  /// The key a page names: one printable ASCII character, or `ArrowLeft`, `ArrowRight`, `Home`,
  /// `End` (the browser's `KeyboardEvent.key`, so a pedal typing PageUp/PageDown is mapped
  /// by the page to Home/End); nil for any other.
  public static func named(_ name: String) -> PlayerKey? {
    switch name {
    case "ArrowLeft": return .left
    case "ArrowRight": return .right
    case "Home": return .home
    case "End": return .end
    default:
      guard name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first,
        (0x20...0x7E).contains(scalar.value)
      else { return nil }
      return .character(Character(scalar))
    }
  }
}
