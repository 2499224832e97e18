#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `minimize --until` leaves behind if it is interrupted: the command it is running and its
/// temporary directory. A handler for SIGINT, SIGTERM and SIGHUP kills the child, removes the
/// candidate file and the directory, and exits with 128 + the signal, as a shell reports it.
///
/// A signal handler may only call async-signal-safe functions (`kill`, `unlink`, `rmdir`,
/// `_exit`) and read plain memory, so the paths are kept as C strings allocated beforehand and
/// the child's pid in a global; they are written only from the one thread that runs minimize.
enum InterruptCleanup {
  /// Installs the handlers for a run using `directory`.
  static func install(directory: String) {
    state.directory = strdup(directory)
    for number in [SIGINT, SIGTERM, SIGHUP] { _ = signal(number, handle) }
  }

  /// Restores the default handlers and frees the paths.
  static func uninstall() {
    for number in [SIGINT, SIGTERM, SIGHUP] { _ = signal(number, SIG_DFL) }
    candidate(nil)
    free(state.directory)
    state.directory = nil
  }

  /// The candidate file being tested (nil when none).
  static func candidate(_ path: String?) {
    let old = state.candidate
    state.candidate = path.map { strdup($0) } ?? nil
    free(old)
  }

  /// The running command's pid (0 when none).
  static func child(_ pid: pid_t) { state.child = pid }

  private struct State {
    var directory: UnsafeMutablePointer<CChar>?
    var candidate: UnsafeMutablePointer<CChar>?
    var child: pid_t = 0
  }

  nonisolated(unsafe) private static var state = State()

  private static let handle: @convention(c) (Int32) -> Void = { number in
    if InterruptCleanup.state.child > 0 { kill(InterruptCleanup.state.child, SIGKILL) }
    if let candidate = InterruptCleanup.state.candidate { unlink(candidate) }
    if let directory = InterruptCleanup.state.directory { rmdir(directory) }
    _exit(128 + number)
  }
}
