import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shell command (`/bin/sh -c COMMAND`) started in a process group of its own, so that
/// everything it starts (a pipeline, a background job, a grandchild) can be killed with it.
///
/// Foundation's `Process` cannot start a child in a new group, and killing only the shell leaves
/// its children running; `posix_spawn` with `POSIX_SPAWN_SETPGROUP` does. The group's id is the
/// shell's pid.
final class ShellCommandGroup {
  /// The shell's pid, and the id of its process group.
  let pid: pid_t
  private var status: Int32?

  /// Starts `command` with `environment`, standard input read from `input` and its output
  /// discarded.
  ///
  /// - Throws: ``CommandFailure`` (69) when the shell cannot be started.
  init(command: String, environment: [String: String], input: String) throws {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let variables: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (arguments + variables).forEach { free($0) } }
    var child: pid_t = 0
    let code = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, variables)
    guard code == 0 else {
      let reason = String(cString: strerror(code)).lowercased()
      throw CommandFailure(
        .unavailable, "cannot start /bin/sh for the --until command: \(reason). Check /bin/sh")
    }
    pid = child
  }

  /// Kills the group if it is still there (a finished command may leave background jobs).
  deinit {
    killGroup()
    if status == nil { _ = reap(options: 0) }
  }

  /// Sends SIGKILL to every process in the group.
  func killGroup() { kill(-pid, SIGKILL) }

  /// Waits for the shell to exit, at most until `deadline` when one is given; nil when it was
  /// still running then.
  func wait(until deadline: ContinuousClock.Instant?) -> Termination? {
    while true {
      if let termination = reap(options: deadline == nil ? 0 : WNOHANG) { return termination }
      if let deadline, ContinuousClock.now >= deadline { return nil }
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  /// How the shell ended.
  enum Termination: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case killed(Int32)
  }

  private func reap(options: Int32) -> Termination? {
    var raw: Int32 = 0
    let result = waitpid(pid, &raw, options)
    if result < 0, errno == EINTR { return reap(options: options) }
    guard result == pid else { return nil }
    status = raw
    // The <sys/wait.h> macros, which Swift does not import: low 7 bits the signal, else the
    // exit status in the next byte.
    let signal = raw & 0x7f
    return signal == 0 ? .exited((raw >> 8) & 0xff) : .killed(signal)
  }
}
