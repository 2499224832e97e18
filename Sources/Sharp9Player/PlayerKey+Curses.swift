import CNcurses
import Sharp9App

extension PlayerKey {
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
