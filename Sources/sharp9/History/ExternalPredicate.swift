import Foundation
import Sharp9Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `minimize --until COMMAND`: runs a shell command on each candidate session; the predicate holds
/// when it exits 0.
///
/// The candidate is a session script (JSON Lines, as `sharp9 export` writes, with un-recorded
/// marker ids as `sharp9 reduce` reads them). The command gets it three ways: the path of a file
/// holding it in `$SHARP9_CANDIDATE`, its action count in `$SHARP9_CANDIDATE_EVENTS`, and its
/// text on standard input. The command's own output is discarded.
///
/// Its exit status is read as sharp9's own are: 0 the failure is still there; 1–63 it is not;
/// 64–78 (sysexits.h), 126 and 127 (the shell could not run it) or a signal mean the command could
/// not run, and minimizing stops with that error rather than shrinking on a broken predicate. A
/// candidate still running after `timeout` is killed and counts as not failing.
///
/// If sharp9 is interrupted (SIGINT, SIGTERM, SIGHUP), the running command is killed and the
/// temporary directory removed before it exits (see ``InterruptCleanup``).
final class ExternalPredicate {
  private let command: String
  private let directory: URL
  private let timeout: Duration?
  private var runs = 0
  /// Candidates killed at the timeout so far.
  private(set) var timedOut = 0

  /// Prepares a private temporary directory for the candidate files.
  init(command: String, timeout: Duration?) throws {
    self.command = command
    self.timeout = timeout
    directory = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-minimize-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    InterruptCleanup.install(directory: directory.path)
  }

  deinit {
    InterruptCleanup.uninstall()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs the command on `candidate`; true when it exits 0.
  ///
  /// - Throws: ``CommandFailure`` (status 69) when the command could not run.
  func holds(_ candidate: SessionScript) throws -> Bool {
    runs += 1
    let file = directory.appending(path: "candidate-\(runs).jsonl")
    try Data(try candidate.encoded().utf8).write(to: file)
    InterruptCleanup.candidate(file.path)
    defer {
      InterruptCleanup.candidate(nil)
      try? FileManager.default.removeItem(at: file)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var environment = ProcessInfo.processInfo.environment
    environment["SHARP9_CANDIDATE"] = file.path
    environment["SHARP9_CANDIDATE_EVENTS"] = String(candidate.actions.count)
    process.environment = environment
    process.standardInput = try FileHandle(forReadingFrom: file)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    InterruptCleanup.child(process.processIdentifier)
    defer { InterruptCleanup.child(0) }
    if try !finishes(process) {
      timedOut += 1
      return false
    }
    let status = process.terminationStatus
    guard process.terminationReason == .exit, !(64...78).contains(status), status < 126 else {
      let how =
        process.terminationReason == .exit ? "exited \(status)" : "was killed by signal \(status)"
      throw CommandFailure(
        .unavailable,
        "the --until command could not run on candidate \(runs) (it \(how)). Check the command"
          + " (0 means the failure is still there, 1–63 that it is gone)")
    }
    return status == 0
  }

  /// Waits for `process`; false when it was killed at the timeout.
  private func finishes(_ process: Process) throws -> Bool {
    guard let timeout else {
      process.waitUntilExit()
      return true
    }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while process.isRunning {
      guard clock.now < deadline else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    process.waitUntilExit()
    return true
  }
}
