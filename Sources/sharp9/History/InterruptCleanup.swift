#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `minimize --until` leaves behind if it is interrupted: the command it is running and its
/// temporary directory. A handler for SIGINT, SIGTERM and SIGHUP kills the child's process group, removes the
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
    // Everything the minimize thread resets once its command ends is used before the command is
    // killed: once it is reaped, that thread sets the pid to 0 (and `kill(0, SIGKILL)` would kill
    // sharp9's own process group) and frees the candidate's path.
    let child = InterruptCleanup.state.child
    if let candidate = InterruptCleanup.state.candidate { unlink(candidate) }
    // The command runs in a process group of its own (``ShellCommandGroup``): kill all of it.
    if child > 0 {
      kill(-child, SIGKILL)
      kill(child, SIGKILL)
    }
    if let directory = InterruptCleanup.state.directory { rmdir(directory) }
    _exit(128 + number)
  }
}
