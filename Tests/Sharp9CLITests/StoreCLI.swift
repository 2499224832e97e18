import Foundation
import Testing

/// Runs the built `sharp9` binary for the store's end-to-end tests, each test with its own
/// database in a temporary directory.
final class StoreCLI {
  struct Result: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let directory: URL
  var database: String { directory.appending(path: "sharp9.sqlite").path }

  init() throws {
    directory = FileManager.default.temporaryDirectory.appending(
      path: "sharp9-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// The `sharp9` executable next to the test bundle.
  static var executable: URL {
    let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return bundle.deletingLastPathComponent().appending(path: "sharp9")
  }

  /// A process for `arguments` (with `--db` of this test appended unless `database: false`).
  func process(_ arguments: [String], database: Bool = true) -> Process {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments + (database ? ["--db", self.database] : [])
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["SHARP9_DB"] = nil
    environment["XDG_DATA_HOME"] = directory.appending(path: "xdg").path
    // Days (the journal) and printed times are the local time zone's: one for every machine.
    environment["TZ"] = "UTC"
    process.environment = environment
    return process
  }

  /// Runs to completion with `input` on standard input; after `deadline`, if given, the process
  /// is killed (its status is then the signal's number, 9, which no expectation accepts).
  @discardableResult
  func run(
    _ arguments: [String], input: String = "", database: Bool = true, deadline: Duration? = nil
  ) async throws -> Result {
    let process = process(arguments, database: database)
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    if let deadline {
      // A thread of its own: the waits below block, and may hold every thread of the
      // concurrency pool while other tests run.
      let end = ContinuousClock.now + deadline
      Thread.detachNewThread {
        while process.isRunning, ContinuousClock.now < end { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
    }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Drain stderr concurrently: a full pipe would block the child.
    let errors = Task.detached { stderr.fileHandleForReading.readDataToEndOfFile() }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorData = await errors.value
    return Result(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
  }

  /// Writes `text` to a file in the test directory and returns its path.
  func file(_ name: String, _ text: String) throws -> String {
    let url = directory.appending(path: name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Runs a Python `driver` (`python3 -c`) with `arguments`, then the `sharp9` executable and
  /// the command line `sharp9 command` would get, as its arguments; what it prints and its status.
  /// For what a Swift test cannot set up around a child (a pseudo-terminal, its own rusage).
  func python(_ driver: String, _ arguments: [String], sharp9 command: [String]) throws
    -> (status: Int32, output: String)
  {
    let template = process(command, database: true)
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments =
      ["python3", "-c", driver] + arguments + [Self.executable.path] + (template.arguments ?? [])
    process.environment = template.environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
