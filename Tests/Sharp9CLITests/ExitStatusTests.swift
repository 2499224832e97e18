import Foundation
import Testing

/// Every failure is one line `sharp9: error: …` on standard error with a sysexits.h status, one
/// case per class of failure: usage, bad data, missing input, cannot create, found a problem.
@Suite struct ExitStatusTests {
  static let script = """
    {"session":{"startedAt":"2026-01-01T00:00:00Z","title":"codes"}}
    {"type":"setA","timeSec":1.5,"t":0}

    """

  /// Asserts `result` is the one-line error with `status`, starting with `prefix`.
  private func expectError(
    _ result: StoreCLI.Result, _ status: Int32, _ prefix: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    #expect(
      result.stderr.hasPrefix("sharp9: error: " + prefix), "\(result.stderr)",
      sourceLocation: sourceLocation)
    #expect(
      result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.hasSuffix("\n"),
      "not one line: \(result.stderr)", sourceLocation: sourceLocation)
  }

  @Test func usageErrorsAre64() async throws {
    let cli = try StoreCLI()
    expectError(
      try await cli.run(["state"]), 64, "Missing expected argument '<session>'. See `sharp9 state")
    expectError(try await cli.run(["nosuch"], database: false), 64, "Unexpected argument 'nosuch'")
    expectError(
      try await cli.run(["reduce", "-", "--at", "-1"], database: false), 64,
      "--at must be 0 or more")
    expectError(
      try await cli.run(["stretch", "a.wav", "b.wav", "--speed", "9"], database: false), 64,
      "--speed must be within")
    expectError(
      try await cli.run(["sessions", "--db", ""], database: false), 64, "--db is empty.")
    expectError(
      try await cli.run(["import", "-", "--db", cli.directory.path], database: false), 64,
      "--db \(cli.directory.path) is a directory. Give the database file in it")
    expectError(
      try await cli.run(["delete", "abc"]), 64,
      "give at least 4 characters of the session id to delete")
  }

  @Test func badInputDataIs65() async throws {
    let cli = try StoreCLI()
    let bad = try cli.file("bad.jsonl", #"{"type":"setA","timeSec":"x","t":0}"# + "\n")
    expectError(try await cli.run(["import", bad]), 65, "\(bad): line 1: field \"timeSec\"")
    expectError(try await cli.run(["reduce", bad], database: false), 65, "\(bad): line 1:")
    let notADatabase = try cli.file("notes.sqlite", String(repeating: "x", count: 5000))
    expectError(
      try await cli.run(["sessions", "--db", notADatabase], database: false), 65,
      "the database cannot be used: the file is not an intact SQLite database")
    let foreign = cli.directory.appending(path: "foreign.sqlite").path
    try SQLiteShell.run(foreign, "CREATE TABLE photos (id INTEGER PRIMARY KEY);")
    expectError(
      try await cli.run(["sessions", "--db", foreign], database: false), 65,
      "\(foreign) is an SQLite database of another application")
    let noise = try cli.file("noise.wav", String(repeating: "not audio ", count: 100))
    expectError(try await cli.run(["peaks", noise], database: false), 65, "cannot read")
  }

  @Test func missingInputsAre66() async throws {
    let cli = try StoreCLI()
    expectError(try await cli.run(["sessions"]), 66, "no sharp9 database at \(cli.database).")
    #expect(try await cli.run(["sessions"]).stderr.contains("--db PATH") == false)
    _ = try await cli.run(["import", try cli.file("take.jsonl", Self.script)])
    expectError(try await cli.run(["log", "ffffffff"]), 66, "no session id starts with")
    expectError(try await cli.run(["import", "nosuch.jsonl"]), 66, "cannot read")
    expectError(
      try await cli.run(["reduce", "nosuch.jsonl"], database: false), 66,
      "cannot read nosuch.jsonl: no such file")
    expectError(
      try await cli.run(["peaks", "nosuch.wav"], database: false), 66, "cannot read")
    expectError(
      try await cli.run(["import-bundle", "nosuch.sharp9"]), 66, "no bundle at nosuch.sharp9")
  }

  @Test func helpListsTheStatuses() async throws {
    let cli = try StoreCLI()
    let help = try await cli.run(["--help"], database: false)
    #expect(help.status == 0)
    #expect(help.stdout.contains("Exit statuses (sysexits.h):"))
    #expect(help.stdout.contains("74  I/O error"))
    let checked = try await cli.run(["check", "nosuch"])
    #expect(checked.status == 66)
  }

  /// Empty input is an error, not a session without events.
  @Test func emptyScriptsAreRefused() async throws {
    let cli = try StoreCLI()
    let inputs = [
      "", "\n\n  \n", #"{"session":{"startedAt":"2026-01-01T00:00:00Z","title":"only"}}"# + "\n",
    ]
    for (index, text) in inputs.enumerated() {
      let path = try cli.file("empty-\(index).jsonl", text)
      expectError(
        try await cli.run(["import", path]), 65,
        "\(path): the script holds no actions. A session needs at least one")
    }
    expectError(try await cli.run(["import", "-"]), 65, "stdin: the script holds no actions.")
    let listed = try await cli.run(["sessions"])
    #expect(listed.stdout.split(separator: "\n").count <= 1, "\(listed.stdout)")
  }
}
