import Atomics
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signals the player reacts to, raised by the handlers below and polled by the run loop (a
/// handler may only touch lock-free atomics).
let terminalSignal = ManagedAtomic<Int32>(0)
/// Set by SIGWINCH: the screen is redrawn at the new size.
let terminalResized = ManagedAtomic<Bool>(false)

/// The terminal in the player's mode: raw keys (Ctrl-C arrives as a key), the alternate screen,
/// hidden cursor, mouse clicks and drags reported in SGR form. ``restore()`` puts everything
/// back; the player calls it on quit, on Ctrl-C, SIGTERM/SIGHUP/SIGINT and on any error.
///
/// It talks to the controlling terminal (`/dev/tty`), not to standard input/output, so standard
/// output carries only what is printed at the end (the session id and the render command) and
/// can be redirected.
///
/// Raw ANSI rather than ncurses: the screen is a handful of rows redrawn whole ~30 times a
/// second, which needs cursor moves, colours and the mouse protocol and nothing of curses'
/// window model; and ncurses' variadic printing does not reach Swift.
final class TerminalSession {
  private var saved = termios()
  private var restored = false
  private let tty: Int32

  /// Switches the terminal (standard input/output) to the player's mode.
  /// - Throws: `CommandFailure` when standard input is not a terminal.
  init() throws {
    tty = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard tty >= 0, tcgetattr(tty, &saved) == 0 else {
      if tty >= 0 { close(tty) }
      throw CommandFailure(
        .unavailable,
        "cannot start the player: there is no terminal. Run sharp9 play in a terminal.")
    }
    var raw = saved
    cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST | ONLCR)
    tcsetattr(tty, TCSAFLUSH, &raw)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      _ = signal(number) { terminalSignal.store($0, ordering: .relaxed) }
    }
    _ = signal(SIGWINCH) { _ in terminalResized.store(true, ordering: .relaxed) }
    emit("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[2J")
  }

  deinit {
    restore()
    close(tty)
  }

  /// Leaves the player's mode: mouse off, cursor on, main screen back, saved settings restored.
  func restore() {
    guard !restored else { return }
    restored = true
    emit("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(tty, TCSAFLUSH, &saved)
  }

  /// Columns and rows (80×24 when the size cannot be read).
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(tty, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Whether the terminal shows colour (`TERM` other than `dumb`, and `NO_COLOR` unset).
  var hasColour: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["NO_COLOR"] == nil && environment["TERM"].map { $0 != "dumb" } ?? false
  }

  /// Waits up to `milliseconds` for input and returns the bytes available (empty on timeout).
  func readInput(waitingMilliseconds milliseconds: Int32) -> [UInt8] {
    var descriptor = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(tty, &buffer, buffer.count)
    return count > 0 ? Array(buffer[0..<count]) : []
  }

  /// Writes `text` to standard output at once.
  func emit(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(tty, base + offset, buffer.count - offset)
      }
      if written <= 0 { break }
      offset += written
    }
  }
}
