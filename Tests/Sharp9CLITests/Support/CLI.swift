import Foundation
import Testing

/// Runs the built `sharp9` executable as a real process, for end-to-end tests that compare the
/// complete output.
///
/// ```swift
/// let result = try CLI.run(["reduce", "-"], stdin: #"{"type":"togglePlay","t":0}"#)
/// #expect(result == CLI.Result(status: 0, stdout: "…", stderr: ""))
/// ```
///
/// Every run gets a fresh temporary working directory and an environment whose database
/// locations (`SHARP9_DB`, `XDG_DATA_HOME`) point into it, so no test can touch a real database.
enum CLI {
  /// What a run printed and how it ended.
  struct Result: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
  }

  /// The `sharp9` executable: `$SHARP9_BIN` if set; else next to the test binary (SwiftPM puts
  /// both in the same build directory); else `.build/debug/sharp9` above this source file.
  static let executable: URL = {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["SHARP9_BIN"] {
      return URL(filePath: override)
    }
    let testBinaries = [Bundle.main.executableURL, URL(filePath: CommandLine.arguments[0])]
    for binary in testBinaries.compactMap({ $0 }) {
      var directory = binary.deletingLastPathComponent()
      // On macOS the test binary sits inside `sharp9PackageTests.xctest/Contents/MacOS`.
      for _ in 0..<4 {
        let candidate = directory.appending(path: "sharp9")
        if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    var directory = URL(filePath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appending(path: ".build/debug/sharp9")
      if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return URL(filePath: ".build/debug/sharp9")
  }()

  /// Runs `sharp9 <arguments>` to completion with `stdin` as standard input.
  ///
  /// - Parameters:
  ///   - directory: the working directory (default: a fresh temporary one, removed afterwards).
  ///   - environment: variables to add to (or, with `nil` values, remove from) the environment.
  static func run(
    _ arguments: [String], stdin: String = "", directory: URL? = nil,
    environment: [String: String?] = [:]
  ) throws -> Result {
    let scratch = try TemporaryDirectory()
    let workingDirectory = directory ?? scratch.url
    let input = scratch.url.appending(path: ".stdin")
    let output = scratch.url.appending(path: ".stdout")
    let errors = scratch.url.appending(path: ".stderr")
    try Data(stdin.utf8).write(to: input)
    for file in [output, errors] { try Data().write(to: file) }

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = workingDirectory
    var variables = ProcessInfo.processInfo.environment
    variables["SHARP9_DB"] = scratch.url.appending(path: "sharp9.sqlite").path
    variables["XDG_DATA_HOME"] = scratch.url.appending(path: "xdg").path
    variables["COLUMNS"] = "80"
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    // Files, not pipes: a child writing more than a pipe holds can never block the test.
    let handles = try (
      FileHandle(forReadingFrom: input), FileHandle(forWritingTo: output),
      FileHandle(forWritingTo: errors)
    )
    process.standardInput = handles.0
    process.standardOutput = handles.1
    process.standardError = handles.2
    try process.run()
    process.waitUntilExit()
    for handle in [handles.0, handles.1, handles.2] { try handle.close() }
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }
}
