import Foundation
import Testing

/// Every failure is one line `sharp9: error: <what failed>: <why>. <what to do>` on standard
/// error with a sysexits.h status, one case per class of failure (usage, bad data, missing input,
/// cannot create) and per library whose errors reach the user (store, SQLite, migrations,
/// scripts, audio, bundles, stretch, the minimizer).
@Suite struct ExitStatusTests {
  /// The form of every error line (a Regex is not Sendable, so it is built where it is used).
  static var form: Regex<Substring> { #/^sharp9: error: [^:]+: .+\. .+$/# }

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
    let line = String(result.stderr.dropLast())
    #expect(
      line.wholeMatch(of: Self.form) != nil, "not what: why. What to do: \(line)",
      sourceLocation: sourceLocation)
  }

  @Test func usageErrorsAre64() async throws {
    let cli = try StoreCLI()
    expectError(
      try await cli.run(["state"]), 64,
      "invalid command line: Missing expected argument '<session>'. See `sharp9 state")
    expectError(
      try await cli.run(["nosuch"], database: false), 64,
      "invalid command line: Unexpected argument 'nosuch'")
    expectError(
      try await cli.run(["reduce", "-", "--at", "-1"], database: false), 64,
      "invalid command line: --at must be 0 or more")
    expectError(
      try await cli.run(["stretch", "a.wav", "b.wav", "--speed", "9"], database: false), 64,
      "invalid --speed 9.0: it must be within")
    expectError(
      try await cli.run(["sessions", "--db", ""], database: false), 64, "invalid --db: it is empty."
    )
    expectError(
      try await cli.run(["import", "-", "--db", cli.directory.path], database: false), 64,
      "invalid --db \(cli.directory.path): it is a directory. Give the database file in it")
    expectError(
      try await cli.run(["delete", "abc"]), 64,
      "invalid command line: give at least 4 characters of the session id to delete")
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
      "cannot use \(foreign): it is an SQLite database of another application")
    let noise = try cli.file("noise.wav", String(repeating: "not audio ", count: 100))
    expectError(try await cli.run(["peaks", noise], database: false), 65, "cannot read")
    expectError(try await cli.run(["beats", noise], database: false), 65, "cannot read")
  }

  @Test func missingInputsAre66() async throws {
    let cli = try StoreCLI()
    expectError(
      try await cli.run(["sessions"]), 66,
      "cannot open the database: there is no sharp9 database at \(cli.database).")
    #expect(try await cli.run(["sessions"]).stderr.contains("--db PATH") == false)
    _ = try await cli.run(["import", try cli.file("take.jsonl", Self.script)])
    expectError(
      try await cli.run(["log", "ffffffff"]), 66,
      "cannot find session \"ffffffff\": no session id starts with it")
    expectError(try await cli.run(["import", "nosuch.jsonl"]), 66, "cannot read")
    expectError(
      try await cli.run(["reduce", "nosuch.jsonl"], database: false), 66,
      "cannot read nosuch.jsonl: no such file")
    expectError(
      try await cli.run(["peaks", "nosuch.wav"], database: false), 66, "cannot read")
    expectError(
      try await cli.run(["beats", "nosuch.wav"], database: false), 66, "cannot read")
    expectError(
      try await cli.run(["import-bundle", "nosuch.sharp9"]), 66,
      "cannot import nosuch.sharp9: no such file")
  }

  /// The errors of the libraries behind the commands (audio, bundles, stretch, scripts, the
  /// store and the minimizer), each from a real bad input.
  @Test func libraryErrorsSayWhatFailedWhyAndWhatToDo() async throws {
    let cli = try StoreCLI()
    let id = try await cli.run(["import", try cli.file("take.jsonl", Self.script)]).stdout
      .trimmingCharacters(in: .newlines)
    let noise = try cli.file("noise.wav", String(repeating: "not audio ", count: 100))
    let empty = try cli.file("empty.wav", "")
    let tone = cli.directory.appending(path: "tone.wav")
    try WaveFile.write(
      tone, sampleRate: 8_000, samples: WaveFile.sine(hertz: 220, seconds: 0.5, sampleRate: 8_000))
    let notes = try cli.file("notes.txt", String(repeating: "some notes\n", count: 500))
    let notABundle = cli.directory.appending(path: "plain.sqlite").path
    _ = try await cli.run(
      ["import", try cli.file("t2.jsonl", Self.script), "--db", notABundle], database: false)
    let cases: [(arguments: [String], status: Int32, prefix: String)] = [
      // Audio (libsndfile through Sharp9Audio).
      (["stretch", "nosuch.wav", "out.wav"], 66, "cannot read '"),
      (["stretch", noise, "out.wav"], 65, "cannot read '"),
      (["stretch", empty, "out.wav"], 65, "cannot read '"),
      (["peaks", noise], 65, "cannot read '"),
      (["beats", noise], 65, "cannot read '"),
      (["beats", "nosuch.wav"], 66, "cannot read '"),
      // Stretch settings and output formats.
      (["stretch", tone.path, "out.wav", "--pitch", "13"], 64, "invalid --pitch 13"),
      (["stretch", tone.path, "out.flac", "--bits", "float"], 64, "cannot write FLAC"),
      (["stretch", tone.path, "out.wav", "--bits", "12"], 64, "invalid --bits 12"),
      (["stretch", tone.path, "out.xyz"], 64, "cannot tell which audio format"),
      // Sessions and their audio.
      (["render", id, "-o", "out.wav"], 66, "session "),
      (["render", id, "-o", "out.wav", "--audio", "nosuch.wav"], 66, "cannot read the audio file"),
      (["diff", id, "0", "99"], 64, "event 99 is out of range"),
      (["timeline", id], 66, "cannot lay out session"),
      // Bundles.
      (["import-bundle", notes], 65, "the database cannot be used: the file is not an intact"),
      (
        ["import-bundle", notABundle], 65, "cannot import \(notABundle): it is not a sharp9 bundle"
      ),
      // Scripts.
      (["reduce", try cli.file("bad.jsonl", "{\"type\":\"nosuch\",\"t\":0}\n")], 65, ""),
      (
        [
          "import",
          try cli.file("back.jsonl", Self.script + #"{"type":"setA","timeSec":1,"t":-5}"# + "\n"),
        ], 65, ""
      ),
      // The minimizer.
      (["minimize", id, "--until", "exit 1"], 65, "cannot minimize: the predicate does not hold"),
    ]
    for (arguments, status, prefix) in cases {
      let usesDatabase = !["stretch", "peaks", "beats", "reduce"].contains(arguments[0])
      expectError(try await cli.run(arguments, database: usesDatabase), status, prefix)
    }
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

  /// Empty input is an error, not a session without events: `import` and `reduce` give the
  /// same verdict (a script `import` refuses is not one `reduce` accepts).
  @Test(arguments: ["import", "reduce"])
  func emptyScriptsAreRefused(command: String) async throws {
    let cli = try StoreCLI()
    let inputs = [
      "", "\n\n  \n", #"{"session":{"startedAt":"2026-01-01T00:00:00Z","title":"only"}}"# + "\n",
    ]
    for (index, text) in inputs.enumerated() {
      let path = try cli.file("empty-\(index).jsonl", text)
      expectError(
        try await cli.run([command, path], database: command == "import"), 65,
        "\(path): the script holds no actions. A session needs at least one")
    }
    expectError(
      try await cli.run([command, "-"], database: command == "import"), 65,
      "stdin: the script holds no actions.")
    let listed = try await cli.run(["sessions"])
    #expect(listed.stdout.split(separator: "\n").count <= 1, "\(listed.stdout)")
  }

  /// A fork of no events would be a session whose export `import` refuses: `--at 0` is a usage
  /// error, and nothing is stored.
  @Test func forkAtZeroIsAUsageError() async throws {
    let cli = try StoreCLI()
    let path = try cli.file(
      "one.jsonl",
      #"{"session":{"startedAt":"2026-01-01T00:00:00Z","title":"one"}}"# + "\n"
        + #"{"type":"togglePlay","t":0.5}"# + "\n")
    let id = try await cli.run(["import", path]).stdout.trimmingCharacters(in: .newlines)
    for at in ["0", "-1"] {
      expectError(
        try await cli.run(["fork", id, "--at", at]), 64,
        "invalid command line: --at must be 1 or more, not \(at)")
    }
    let listed = try await cli.run(["sessions"])
    #expect(listed.stdout.split(separator: "\n").count == 2, "\(listed.stdout)")
  }
}
