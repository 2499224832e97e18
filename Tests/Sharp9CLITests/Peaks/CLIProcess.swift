import Foundation
import Testing

/// Runs the built `sharp9` executable as a real process.
///
/// Minimal local harness for the `peaks` tests; stdout and stderr go to files, so large output
/// cannot block on a full pipe.
enum CLIProcess {
  struct Result: Equatable {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  /// The `sharp9` binary beside the test bundle (both live in the build products directory).
  static func executable() throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = directory.appending(path: "sharp9")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    throw CLIProcessError.executableNotFound(Bundle.main.bundleURL.path)
  }

  static func run(_ arguments: [String], in directory: URL) throws -> Result {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let stdoutURL = directory.appending(path: ".stdout")
    let stderrURL = directory.appending(path: ".stderr")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    return Result(
      stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
      stderr: try String(contentsOf: stderrURL, encoding: .utf8),
      status: process.terminationStatus)
  }
}

enum CLIProcessError: Error {
  case executableNotFound(String)
}
