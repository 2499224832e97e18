import Foundation
import Testing

/// Every command that reads standard input (`import -`, `reduce -`, `record`) reports a failed
/// read as an I/O error (exit 74, one line) instead of trapping or taking it for the end of the
/// input: standard input a directory (EISDIR) or closed (EBADF), as a real shell sets them up.
@Suite struct StandardInputFailureTests {
  static let commands: [[String]] = [["import", "-"], ["reduce", "-"], ["record"]]
  /// Shell redirections that make reading fd 0 fail.
  static let inputs = ["< /", "<&-"]

  @Test(arguments: commands, inputs)
  func aFailedReadIsAnIOError(command: [String], redirection: String) async throws {
    let cli = try StoreCLI()
    let template = cli.process(command, database: command != ["reduce", "-"])
    let process = Process()
    process.executableURL = URL(filePath: "/bin/sh")
    // "$@" keeps the arguments as they are; the redirection applies to sharp9 alone.
    process.arguments =
      ["-c", "exec \"$0\" \"$@\" \(redirection)", StoreCLI.executable.path]
      + (template.arguments ?? [])
    process.environment = template.environment
    process.currentDirectoryURL = cli.directory
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stderr = String(decoding: data, as: UTF8.self)
    #expect(process.terminationReason == .exit, "\(command) \(redirection): \(stderr)")
    #expect(process.terminationStatus == 74, "\(command) \(redirection): \(stderr)")
    #expect(
      stderr.hasPrefix("sharp9: error: cannot read standard input: "),
      "\(command) \(redirection): \(stderr)")
    #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
  }
}
