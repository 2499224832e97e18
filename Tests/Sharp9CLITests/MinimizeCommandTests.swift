import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `minimize --until`: a predicate that cannot run stops minimizing (it is not "the failure is
/// gone"), a hanging candidate is killed at `--timeout`, a predicate that holds for the empty
/// session is refused, and an interrupted run leaves no child and no temporary files behind.
@Suite struct MinimizeCommandTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","title":"demo"}}
    {"type":"setA","timeSec":10,"t":1}
    {"type":"setB","timeSec":20,"t":2}
    {"type":"toggleLoopEnabled","enabled":true,"t":3}

    """

  private func importDemo(_ cli: StoreCLI) async throws -> String {
    try await cli.run(["import", try cli.file("demo.jsonl", Self.script)]).stdout
      .trimmingCharacters(in: .newlines)
  }

  @Test func aPredicateThatCannotRunStopsMinimizing() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    for command in ["exit 66", "no-such-command-anywhere", "kill -9 $$"] {
      let result = try await cli.run(["minimize", id, "--until", command])
      #expect(result.status == 69, "\(command): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("sharp9: error: the --until command could not run on candidate 1"),
        "\(command): \(result.stderr)")
    }
    let sessions = try await cli.run(["sessions"])
    #expect(sessions.stdout.split(separator: "\n").count == 2)
  }

  @Test func candidatesAreKilledAtTheTimeout() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let start = ContinuousClock.now
    let result = try await cli.run(["minimize", id, "--until", "exec sleep 30", "--timeout", "0.2"])
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(result.status == 65)
    #expect(result.stderr.contains("the predicate does not hold for the whole session"))
  }

  @Test func aPredicateThatHoldsForNothingIsRefused() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let result = try await cli.run(["minimize", id, "--until", "true"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("the predicate holds even for a session without actions"))
    let sessions = try await cli.run(["sessions"])
    #expect(sessions.stdout.split(separator: "\n").count == 2)
  }

  /// False once `pid` has exited (a zombie nobody reaped, as under a container's init, counts as
  /// exited).
  private func isRunning(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(close, offsetBy: 2)] != "Z"
  }

  @Test func anInterruptedRunCleansUp() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let temporary = cli.directory.appending(path: "tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let pidFile = cli.directory.appending(path: "child.pid").path
    let process = cli.process(["minimize", id, "--until", "echo $$ > '\(pidFile)'; exec sleep 30"])
    var environment = process.environment ?? [:]
    environment["TMPDIR"] = temporary.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(20)
    while !FileManager.default.fileExists(atPath: pidFile), clock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    try await Task.sleep(for: .milliseconds(100))
    let child = try #require(
      Int32(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGTERM)
    try await Task.sleep(for: .milliseconds(200))
    #expect(!isRunning(child), "the --until command is still running")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }
}
