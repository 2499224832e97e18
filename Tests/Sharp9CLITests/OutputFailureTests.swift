import Foundation
import Testing

/// C1: a write to standard output that fails (a full disk, a closed pipe) is reported as an I/O
/// error, status 74, by every command, never a trap and never a silent success; commands that had
/// already stored something say what on standard error.
@Suite struct OutputFailureTests {
  static let script = """
    {"session":{"startedAt":"2026-01-01T00:00:00Z","title":"full"}}
    {"type":"setA","timeSec":1.5,"t":0}
    {"type":"setB","timeSec":3,"t":1}

    """

  /// Runs `arguments` with standard output on `/dev/full`.
  private func runIntoFullDisk(_ cli: StoreCLI, _ arguments: [String], database: Bool = true)
    throws -> StoreCLI.Result
  {
    let process = cli.process(arguments, database: database)
    let errors = cli.directory.appending(path: "stderr-\(UUID().uuidString)")
    try Data().write(to: errors)
    let full = try FileHandle(forWritingTo: URL(filePath: "/dev/full"))
    let errorHandle = try FileHandle(forWritingTo: errors)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = full
    process.standardError = errorHandle
    try process.run()
    process.waitUntilExit()
    try full.close()
    try errorHandle.close()
    #expect(process.terminationReason == .exit, "\(arguments) died of a signal")
    return StoreCLI.Result(
      status: process.terminationStatus, stdout: "",
      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }

  private let diskFull =
    "sharp9: error: cannot write to standard output: No space left on device."

  @Test func everyReadCommandReportsAFullDisk() async throws {
    let cli = try StoreCLI()
    let scriptPath = try cli.file("take.jsonl", Self.script)
    let id = try await cli.run(["import", scriptPath]).stdout
      .trimmingCharacters(in: .newlines)
    let commands: [[String]] = [
      ["sessions"], ["log", id], ["state", id], ["state", id, "--json"], ["diff", id, "0", "2"],
      ["export", id], ["verify", id], ["history", id], ["check", id],
    ]
    for arguments in commands {
      let result = try runIntoFullDisk(cli, arguments)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.stderr.hasPrefix(diskFull), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
    }
    for arguments in [["reduce", scriptPath], ["--help"], ["--version"]] {
      let result = try runIntoFullDisk(cli, arguments, database: false)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.stderr.hasPrefix(diskFull), "\(arguments): \(result.stderr)")
    }
  }

  @Test func peaksAndBeatsDoNotSucceedWhenTheirOutputIsLost() async throws {
    let cli = try StoreCLI()
    let wave = cli.directory.appending(path: "tone.wav")
    try WaveFile.write(
      wave, sampleRate: 8000, samples: WaveFile.sine(hertz: 440, seconds: 0.2, sampleRate: 8000))
    for arguments in [
      ["peaks", wave.path], ["peaks", wave.path, "--json"], ["beats", wave.path],
      ["beats", wave.path, "--json"],
    ] {
      let result = try runIntoFullDisk(cli, arguments, database: false)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.stderr.hasPrefix(diskFull), "\(arguments): \(result.stderr)")
    }
  }

  /// `import` and `fork` have committed when they print: the id goes to standard error, so a
  /// retry is not needed and nothing is stored twice.
  @Test func committedSessionsAreNamedWhenTheirIdCannotBePrinted() async throws {
    let cli = try StoreCLI()
    let imported = try runIntoFullDisk(cli, ["import", try cli.file("take.jsonl", Self.script)])
    #expect(imported.status == 74)
    let sessions = try await cli.run(["sessions"]).stdout.split(separator: "\n").dropFirst()
    #expect(sessions.count == 1)
    let id = String(try #require(sessions.first).prefix(36))
    #expect(
      imported.stderr
        == "\(diskFull) Nothing is lost: session \(id) was stored; do not import the script"
        + " again\n")
    let forked = try runIntoFullDisk(cli, ["fork", id, "--at", "1"])
    #expect(forked.status == 74)
    let after = try await cli.run(["sessions"]).stdout.split(separator: "\n").dropFirst()
    #expect(after.count == 2)
    let forkID = String(try #require(after.last).prefix(36))
    #expect(forked.stderr.contains("session \(forkID) was stored"), "\(forked.stderr)")
  }

  @Test func recordStopsAndKeepsWhatItRecorded() async throws {
    let cli = try StoreCLI()
    let process = cli.process(["record", "--title", "lost answers"])
    let input = cli.directory.appending(path: "actions.jsonl")
    try Data((#"{"type":"setA","timeSec":1}"# + "\n").utf8).write(to: input)
    let errors = cli.directory.appending(path: "record-stderr")
    try Data().write(to: errors)
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = try FileHandle(forWritingTo: URL(filePath: "/dev/full"))
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 74)
    #expect(stderr.contains("Nothing is lost: 1 events were recorded in session"), "\(stderr)")
  }
}
