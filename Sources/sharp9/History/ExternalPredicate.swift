import Foundation
import Sharp9Domain

/// `minimize --until COMMAND`: runs a shell command on each candidate session; the predicate holds
/// when it exits 0.
///
/// The candidate is a session script (JSON Lines, as `sharp9 export` writes, with un-recorded
/// marker ids as `sharp9 reduce` reads them). The command gets it three ways: the path of a file
/// holding it in `$SHARP9_CANDIDATE`, its action count in `$SHARP9_CANDIDATE_EVENTS`, and its
/// text on standard input. The command's own output is discarded.
final class ExternalPredicate {
  private let command: String
  private let directory: URL
  private var runs = 0

  /// Prepares a private temporary directory for the candidate files.
  init(command: String) throws {
    self.command = command
    directory = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-minimize-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Runs the command on `candidate`; true when it exits 0.
  func holds(_ candidate: SessionScript) throws -> Bool {
    runs += 1
    let file = directory.appending(path: "candidate-\(runs).jsonl")
    try Data(try candidate.encoded().utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
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
    process.waitUntilExit()
    return process.terminationReason == .exit && process.terminationStatus == 0
  }
}
