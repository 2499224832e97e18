import Sharp9App

/// Turns the terminal's mouse reports into the player's gestures: pressing the left button is a
/// click where it was pressed, moving with it held is a drag; moving after the release is
/// nothing. (Curses reports motion with the button's press bit set, so motion is looked at
/// first.)
struct MouseGesture {
  private var held = false

  /// The key for one report at a 1-based screen cell, or nil when it is no gesture.
  mutating func key(column: Int, row: Int, pressed: Bool, released: Bool, moved: Bool)
    -> PlayerKey?
  {
    if moved {
      guard held else { return nil }
      return .drag(column: column, row: row)
    }
    if pressed {
      held = true
      return .click(column: column, row: row)
    }
    if released { held = false }
    return nil
  }
}
