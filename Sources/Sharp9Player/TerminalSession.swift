import Atomics
import CNcurses
import Foundation
import Sharp9App

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signals the player reacts to, raised by the handlers below and polled by the run loop (a
/// handler may only touch lock-free atomics).
let terminalSignal = ManagedAtomic<Int32>(0)

/// The terminal in the player's mode, through ncurses: raw keys (Ctrl-C arrives as a key), the
/// keypad (arrows, Home/End, resizes and mouse reports as keys), the alternate screen, hidden
/// cursor, clicks and drags with the left button. Curses keeps what the terminal shows and
/// sends only the cells that changed at each ``draw(_:)``. ``restore()`` puts everything back
/// (`endwin`); the player calls it on quit, on Ctrl-C, SIGTERM/SIGHUP/SIGINT and on any error.
///
/// It owns the curses screen, opened on the controlling terminal (`/dev/tty`) rather than on
/// standard input/output, so standard output carries only what is printed at the end (the
/// session id and the render command) and can be redirected.
final class TerminalSession {
  private let file: UnsafeMutablePointer<FILE>
  private let screen: OpaquePointer
  private var restored = false
  private var mouse = MouseGesture()
  /// Whether the terminal shows colour (curses' `has_colors`, and `NO_COLOR` unset).
  let hasColour: Bool

  /// Xterm's button-event mouse tracking: motion is reported while a button is held (curses
  /// itself asks only for presses and releases).
  private static let dragReportsOn = "\u{1B}[?1002h"
  private static let dragReportsOff = "\u{1B}[?1002l"

  /// Switches the controlling terminal to the player's mode.
  /// - Throws: ``PlayerUnavailable`` when there is no terminal or curses does not know it;
  ///   ``TerminalError`` when it refuses a mode the player needs.
  init() throws {
    Self.useUTF8()
    guard let file = fopen("/dev/tty", "r+") else {
      throw PlayerUnavailable(
        message: "cannot start the player: there is no terminal. Run sharp9 play in a terminal.")
    }
    // Handlers first: curses installs its own for SIGINT/SIGTERM only where none is set, and
    // its SIGWINCH handler turns a resize into KEY_RESIZE.
    for number in [SIGINT, SIGTERM, SIGHUP] {
      _ = signal(number) { terminalSignal.store($0, ordering: .relaxed) }
    }
    guard let screen = newterm(nil, file, file) else {
      fclose(file)
      let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
      throw PlayerUnavailable(
        message: "cannot start the player: the terminal type '\(term)' is unknown to ncurses. "
          + "Set TERM to your terminal's type (e.g. xterm-256color).")
    }
    self.file = file
    self.screen = screen
    var colour = false
    do {
      colour = try Self.enterPlayerMode(file)
    } catch {
      endwin()
      delscreen(screen)
      fclose(file)
      throw error
    }
    hasColour = colour
  }

  deinit {
    restore()
    delscreen(screen)
    fclose(file)
  }

  /// Leaves the player's mode: drag reports off, then curses' `endwin` (mouse off, cursor on,
  /// main screen back, the terminal's saved settings restored).
  func restore() {
    guard !restored else { return }
    restored = true
    _ = fputs(Self.dragReportsOff, file)
    _ = fflush(file)
    endwin()
  }

  /// Columns and rows.
  var size: (columns: Int, rows: Int) { (Int(s9_columns()), Int(s9_rows())) }

  /// The keys that arrived: waits up to `milliseconds` for the first, then takes what is already
  /// there (at most 64, so a flood of input cannot stall the loop).
  func readKeys(waitingMilliseconds milliseconds: Int32) -> [PlayerKey] {
    var keys: [PlayerKey] = []
    var wait = milliseconds
    for _ in 0..<64 {
      var code: wint_t = 0
      let result = s9_next_key(wait, &code)
      wait = 0
      if result == OK {
        PlayerKey.character(UInt32(code)).map { keys.append($0) }
      } else if result == KEY_CODE_YES, Int32(code) == KEY_MOUSE {
        mouseKey().map { keys.append($0) }
      } else if result == KEY_CODE_YES {
        PlayerKey.functionKey(Int32(code)).map { keys.append($0) }
      } else {
        break
      }
    }
    return keys
  }

  /// Puts `lines` on the screen (row 0 first) and sends what changed to the terminal. Text is
  /// cut at the right edge; the bottom-right cell stays empty (writing it would scroll).
  func draw(_ lines: [ScreenLine]) throws(TerminalError) {
    let (columns, rows) = size
    for (row, line) in lines.prefix(rows).enumerated() {
      let width = row == rows - 1 ? columns - 1 : columns
      var column = 0
      for span in line.spans where column < width {
        let start = column
        var characters: [wchar_t] = []
        for scalar in span.text.unicodeScalars {
          let cells = Int(s9_cells(wchar_t(scalar.value)))
          guard column + cells <= width else { break }
          characters.append(wchar_t(scalar.value))
          column += cells
        }
        try style(span.style)
        try TerminalError.check(
          s9_put(Int32(row), Int32(start), characters, Int32(characters.count)), "mvwaddnwstr")
      }
      try style(.plain)
      if column < columns {
        try TerminalError.check(s9_clear_to_end(Int32(row), Int32(column)), "wclrtoeol")
      }
    }
    try TerminalError.check(s9_refresh(), "wrefresh")
  }

  private func style(_ style: ScreenStyle) throws(TerminalError) {
    let attributes = style.attributes(colour: hasColour)
    let pair: Int16 = hasColour && style.colours != nil ? style.rawValue : 0
    try TerminalError.check(
      s9_style(pair, attributes.bold ? 1 : 0, attributes.dim ? 1 : 0, attributes.reverse ? 1 : 0),
      "wattr_set")
  }

  /// The gesture of the pending mouse report, if it is one.
  private func mouseKey() -> PlayerKey? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    return mouse.key(
      column: Int(event.x) + 1, row: Int(event.y) + 1, pressed: s9_is_press(event.bstate) != 0,
      released: s9_is_release(event.bstate) != 0, moved: s9_is_motion(event.bstate) != 0)
  }

  /// ncursesw draws the waveform's block and line glyphs only under a UTF-8 locale: the user's
  /// (`LC_CTYPE` alone, so no C library formats numbers differently), else C.UTF-8.
  private static func useUTF8() {
    setlocale(LC_CTYPE, "")
    let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
    if codeset.uppercased().replacing("-", with: "") != "UTF8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  /// Raw keys, no echo, keypad, no cursor, the mouse with drags, colour pairs when the terminal
  /// has colour; returns whether it does.
  private static func enterPlayerMode(_ file: UnsafeMutablePointer<FILE>) throws(TerminalError)
    -> Bool
  {
    try TerminalError.check(raw(), "raw")
    try TerminalError.check(noecho(), "noecho")
    try TerminalError.check(nonl(), "nonl")
    try TerminalError.check(s9_keypad(), "keypad")
    try TerminalError.check(set_escdelay(25), "set_escdelay")
    // A terminal that cannot hide its cursor or has no mouse still plays: these two may fail.
    _ = curs_set(0)
    _ = mousemask(s9_mouse_events(), nil)
    _ = mouseinterval(0)
    let colour = has_colors() && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    if colour {
      try TerminalError.check(start_color(), "start_color")
      // The terminal's own background where it allows it (-1), black otherwise.
      let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
      for style in ScreenStyle.allCases {
        guard let colours = style.colours else { continue }
        try TerminalError.check(
          init_pair(
            style.rawValue, colours.foreground,
            colours.background < 0 ? background : colours.background), "init_pair")
      }
    }
    // Curses sends its mouse mode with the first refresh; the drag mode must follow it, on the
    // terminal itself (curses' putp writes to standard output). fputs and fflush fail with
    // EOF, which is -1 like ERR.
    try TerminalError.check(s9_refresh(), "wrefresh")
    try TerminalError.check(fputs(dragReportsOn, file), "fputs")
    try TerminalError.check(fflush(file), "fflush")
    return colour
  }
}
