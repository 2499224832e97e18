import Foundation
import Testing

/// `--store URL`: the same commands on an SQLite file named by URL, on PostgreSQL (with a test
/// cluster, `SHARP9_TEST_POSTGRES`), and one line with status 64 for a URL sharp9 cannot read.
@Suite struct StoreURLCommandTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","title":"demo"}}
    {"type":"setA","timeSec":10,"t":1}
    {"type":"setB","timeSec":20,"t":2}
    {"type":"toggleLoopEnabled","enabled":true,"t":3}

    """

  @Test func anSQLiteURLNamesTheSameDatabaseAsDB() async throws {
    let cli = try StoreCLI()
    let imported = try await cli.run(["import", try cli.file("demo.jsonl", Self.script)])
    #expect(imported.status == 0)
    for command in [["sessions"], ["sessions", "--json"]] {
      let byPath = try await cli.run(command)
      let byURL = try await cli.run(
        command + ["--store", "sqlite:\(cli.database)"], database: false)
      #expect(byURL == byPath)
      #expect(byURL.stdout.contains("demo"))
    }
    let relative = try await cli.run(
      ["sessions", "--store", "sqlite:sharp9.sqlite"], database: false)
    #expect(relative.status == 0 && relative.stdout.contains("demo"))
  }

  @Test(arguments: [
    (
      ["--store", "mysql://u@h/db"],
      "invalid --store mysql://u@h/db: it starts with neither sqlite: nor postgres://. Give sqlite:PATH or postgres://USER@HOST:PORT/DATABASE"
    ),
    (
      ["--store", "sqlite:"],
      "invalid --store sqlite:: it names no file (sqlite:PATH). Give sqlite:PATH or postgres://USER@HOST:PORT/DATABASE"
    ),
    (
      ["--store", "postgres://h/db"],
      "invalid --store postgres://h/db: it names no user (postgres://USER@HOST/DATABASE). Give sqlite:PATH or postgres://USER@HOST:PORT/DATABASE"
    ),
    (
      ["--store", "postgres://u:secret@h:99999/db"],
      "invalid --store postgres://u:%E2%80%A6@h:99999/db: its port is not a port. Give sqlite:PATH or postgres://USER@HOST:PORT/DATABASE"
    ),
    (
      ["--store", "sqlite:x.sqlite", "--db", "y.sqlite"],
      "invalid command line: give the store once: --db PATH or --store URL, not both. See `sharp9 sessions --help`"
    ),
  ])
  func aURLSharp9CannotReadIsOneLineAndStatus64(_ options: [String], _ message: String) async throws
  {
    let cli = try StoreCLI()
    let result = try await cli.run(["sessions"] + options, database: false)
    #expect(result.status == 64)
    #expect(result.stderr == "sharp9: error: \(message)\n")
    #expect(!result.stderr.contains("secret"))
    #expect(result.stdout.isEmpty)
  }

  /// The test cluster, in a schema of this test's own.
  static var postgresURL: String? {
    guard let url = ProcessInfo.processInfo.environment["SHARP9_TEST_POSTGRES"], !url.isEmpty
    else { return nil }
    let schema = "cli_" + UUID().uuidString.lowercased().replacing("-", with: "")
    return url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
  }

  static let postgresEnabled =
    postgresURL != nil || ProcessInfo.processInfo.environment["SHARP9_REQUIRE_POSTGRES"] == "1"

  /// A session recorded into PostgreSQL is listed, logged, exported, verified and checked as on
  /// SQLite; a command that needs what PostgreSQL lacks yet refuses with one line, status 69.
  @Test(.enabled(if: postgresEnabled, "SHARP9_TEST_POSTGRES is not set"))
  func theReadCommandsWorkOnPostgreSQL() async throws {
    let url = try #require(
      Self.postgresURL, "SHARP9_REQUIRE_POSTGRES=1 but no SHARP9_TEST_POSTGRES")
    let cli = try StoreCLI()
    let actions = Self.script.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
    let recorded = try await cli.run(
      ["record", "--title", "demo", "--answer", "none", "--store", url], input: actions,
      database: false)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let id = try #require(recorded.stderr.split(separator: " ").last).trimmingCharacters(
      in: .newlines)
    // The same actions in SQLite, for the answers to compare with.
    let sqlite = try await cli.run(
      ["record", "--title", "demo", "--answer", "none"], input: actions)
    let sqliteID = try #require(sqlite.stderr.split(separator: " ").last).trimmingCharacters(
      in: .newlines)

    let sessions = try await cli.run(["sessions", "--store", url], database: false)
    #expect(sessions.status == 0 && sessions.stdout.contains(id))
    for command in [["log"], ["state"], ["check"], ["history"]] {
      let postgres = try await cli.run(command + [id, "--store", url], database: false)
      let reference = try await cli.run(command + [sqliteID])
      #expect(postgres.status == 0, "\(command): \(postgres.stderr)")
      #expect(
        postgres.stdout.replacing(id, with: "ID")
          == reference.stdout.replacing(sqliteID, with: "ID"),
        "\(command)")
    }
    let verify = try await cli.run(["verify", id, "--store", url], database: false)
    #expect(verify.status == 0)
    #expect(verify.stdout.hasPrefix("ok: session \(id): 3 events replayed"))
    let export = try await cli.run(["export", id, "--store", url], database: false)
    #expect(export.status == 0 && export.stdout.split(separator: "\n").count == 4)

    // import and fork store into PostgreSQL as into SQLite.
    let scriptFile = try cli.file("demo.jsonl", Self.script)
    let imported = try await cli.run(["import", scriptFile, "--store", url], database: false)
    #expect(imported.status == 0, "\(imported.stderr)")
    let importedID = try #require(imported.stdout.split(separator: "\n").last.map(String.init))
    let reexport = try await cli.run(["export", importedID, "--store", url], database: false)
    #expect(reexport.stdout == Self.script)
    let fork = try await cli.run(
      ["fork", importedID, "--at", "2", "--store", url], database: false)
    #expect(fork.status == 0, "\(fork.stderr)")
    #expect(fork.stdout.hasPrefix("forked \(importedID) at event 2: \"demo (fork at 2)\"\n"))

    // The session's track is not there: timeline runs and says so, as on SQLite.
    let timeline = try await cli.run(["timeline", id, "--store", url], database: false)
    let sqliteTimeline = try await cli.run(["timeline", sqliteID])
    #expect(timeline.status == sqliteTimeline.status)
    #expect(
      timeline.stderr.replacing(id, with: "ID")
        == sqliteTimeline.stderr.replacing(sqliteID, with: "ID"))
  }

  /// Bundles carry sessions between PostgreSQL and SQLite both ways: a bundle written from
  /// SQLite with its audio goes into PostgreSQL (the audio extracted where the recorded file is
  /// gone, render finds it), again finds it present, and with other content under the same id
  /// is a conflict that changes nothing; a bundle written from PostgreSQL goes into a new SQLite
  /// file, where the session verifies and exports the same lines.
  @Test(.enabled(if: postgresEnabled, "SHARP9_TEST_POSTGRES is not set"))
  func bundlesCarrySessionsBetweenPostgreSQLAndSQLite() async throws {
    let url = try #require(
      Self.postgresURL, "SHARP9_REQUIRE_POSTGRES=1 but no SHARP9_TEST_POSTGRES")
    let cli = try StoreCLI()
    let id = try await cli.importSession(
      RenderCommandTests.script, named: "loop.jsonl", toneSeconds: 2)
    let written = try await cli.run(["bundle", id, "-o", "sqlite.sharp9", "--with-audio"])
    #expect(written.status == 0, "\(written.stderr)")
    let reference = try await cli.run(["export", id])
    let heard = try await cli.run(["render", id, "-o", "sqlite.wav"])
    #expect(heard.status == 0, "\(heard.stderr)")
    try FileManager.default.removeItem(at: cli.directory.appending(path: "tone.wav"))
    let bundle = cli.directory.appending(path: "sqlite.sharp9").path

    let imported = try await cli.run(["import-bundle", bundle, "--store", url], database: false)
    #expect(imported.status == 0, "\(imported.stderr)")
    // Beside the default database file (XDG_DATA_HOME is the test directory's xdg/), under the
    // bundle's safe name for it.
    let folder = cli.directory.appending(path: "xdg/sharp9/audio/").path
    let lines = imported.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3 && lines.first == "imported session \(id) (10 events)")
    #expect(lines.last == id)
    let audio = try #require(lines.dropFirst().first?.trimmingPrefix("audio written to "))
    #expect(audio.hasPrefix(folder) && audio.hasSuffix("-tone.wav"), "\(lines)")
    #expect(FileManager.default.fileExists(atPath: String(audio)))
    #expect(
      try await cli.run(["export", id, "--store", url], database: false).stdout == reference.stdout)
    let rendered = try await cli.run(
      ["render", id, "-o", "pg.wav", "--store", url], database: false)
    #expect(rendered.status == 0, "\(rendered.stderr)")
    #expect(
      try Data(contentsOf: cli.directory.appending(path: "pg.wav"))
        == Data(contentsOf: cli.directory.appending(path: "sqlite.wav")))
    let again = try await cli.run(["import-bundle", bundle, "--store", url], database: false)
    #expect(again.stdout == "session \(id) is already in the database; nothing added\n\(id)\n")

    // The same id with another title: a conflict, and PostgreSQL's copy stays as it was.
    let edited = cli.directory.appending(path: "edited.sqlite").path
    try FileManager.default.copyItem(atPath: cli.database, toPath: edited)
    try SQLiteShell.run(edited, "UPDATE sessions SET title = 'renamed'")
    let editedBundle = try await cli.run(
      ["bundle", id, "-o", "edited.sharp9", "--db", edited], database: false)
    #expect(editedBundle.status == 0, "\(editedBundle.stderr)")
    let conflict = try await cli.run(
      ["import-bundle", "edited.sharp9", "--store", url], database: false)
    #expect(conflict.status == 65)
    #expect(
      conflict.stderr.hasPrefix("sharp9: error: cannot import session \(id): it already exists"))
    #expect(
      try await cli.run(["export", id, "--store", url], database: false).stdout == reference.stdout)

    let fromPostgres = try await cli.run(
      ["bundle", id, "-o", "pg.sharp9", "--store", url], database: false)
    #expect(fromPostgres.status == 0, "\(fromPostgres.stderr)")
    let fresh = cli.directory.appending(path: "fresh.sqlite").path
    let back = try await cli.run(["import-bundle", "pg.sharp9", "--db", fresh], database: false)
    #expect(back.status == 0, "\(back.stderr)")
    let verified = try await cli.run(["verify", id, "--db", fresh], database: false)
    #expect(verified.status == 0, "\(verified.stdout)")
    #expect(
      try await cli.run(["export", id, "--db", fresh], database: false).stdout == reference.stdout)
  }

  /// A session with audio in PostgreSQL lays out and renders exactly as the same session in
  /// SQLite: the same timeline, the same rendered bytes.
  @Test(.enabled(if: postgresEnabled, "SHARP9_TEST_POSTGRES is not set"))
  func timelineAndRenderOnPostgreSQLEqualSQLite() async throws {
    let url = try #require(
      Self.postgresURL, "SHARP9_REQUIRE_POSTGRES=1 but no SHARP9_TEST_POSTGRES")
    let cli = try StoreCLI()
    let sqliteID = try await cli.importSession(
      RenderCommandTests.script, named: "loop.jsonl", toneSeconds: 2)
    let imported = try await cli.run(
      ["import", cli.directory.appending(path: "loop.jsonl").path, "--store", url],
      database: false)
    #expect(imported.status == 0, "\(imported.stderr)")
    let id = try #require(imported.stdout.split(separator: "\n").last.map(String.init))

    let timeline = try await cli.run(["timeline", id, "--report", "--store", url], database: false)
    let reference = try await cli.run(["timeline", sqliteID, "--report"])
    #expect(timeline.status == 0)
    #expect(timeline == reference)

    let render = try await cli.run(
      ["render", id, "-o", "pg.wav", "--store", url], database: false)
    let sqliteRender = try await cli.run(["render", sqliteID, "-o", "sqlite.wav"])
    #expect(render.status == 0 && sqliteRender.status == 0, "\(render.stderr)")
    let rendered = try Data(contentsOf: cli.directory.appending(path: "pg.wav"))
    #expect(rendered.count > 1000)
    #expect(rendered == (try Data(contentsOf: cli.directory.appending(path: "sqlite.wav"))))
  }

  /// A PostgreSQL server that is not there: one line, status 69, no crash.
  /// The journal replays PostgreSQL's sessions as SQLite's (PostgreSQL keeps no summaries yet, so
  /// it replays every time): the same figures, line for line.
  @Test(.enabled(if: postgresEnabled, "SHARP9_TEST_POSTGRES is not set"))
  func theJournalOnPostgreSQLEqualsSQLite() async throws {
    let url = try #require(
      Self.postgresURL, "SHARP9_REQUIRE_POSTGRES=1 but no SHARP9_TEST_POSTGRES")
    let cli = try StoreCLI()
    let song = "journal-\(UUID().uuidString.prefix(8)).wav"
    let script = try cli.file(
      "late.jsonl", JournalCommandTests.lateSession.replacing("etude.wav", with: song))
    #expect(try await cli.run(["import", script, "--store", url], database: false).status == 0)
    #expect(try await cli.run(["import", script]).status == 0)
    let postgres = try await cli.run(
      ["journal", "--json", "--song", song, "--store", url], database: false)
    let sqlite = try await cli.run(["journal", "--json", "--song", song])
    #expect(postgres.status == 0, "\(postgres.stderr)")
    #expect(postgres.stdout.split(separator: "\n").count == 2)
    #expect(postgres.stdout == sqlite.stdout)
  }

  @Test func anUnreachableServerIsStatus69() async throws {
    let cli = try StoreCLI()
    let result = try await cli.run(
      ["sessions", "--store", "postgres://sharp9@/sharp9?host=\(cli.directory.path)"],
      database: false)
    #expect(result.status == 69)
    #expect(
      result.stderr.hasPrefix(
        "sharp9: error: the database cannot be used: the PostgreSQL server cannot be reached ("))
    #expect(result.stderr.hasSuffix("). Check that it runs and that the store URL names it\n"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}
