import Foundation
import Testing

/// W2 and W3: creating one new database from several processes at once works for all of them;
/// a database sharp9 refuses is left byte-identical, with no `-wal` or `-shm` beside it.
@Suite struct DatabaseSafetyTests {
  static let script = """
    {"session":{"startedAt":"2026-01-01T00:00:00Z","title":"race"}}
    {"type":"setA","timeSec":1.5,"t":0}

    """

  @Test func processesCreatingOneNewDatabaseAllSucceed() async throws {
    let cli = try StoreCLI()
    let script = try cli.file("race.jsonl", Self.script)
    for round in 0..<3 {
      let database = cli.directory.appending(path: "race-\(round).sqlite").path
      let processes = (0..<8).map { _ in
        let process = cli.process(["import", script, "--db", database], database: false)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
      }
      for process in processes { try process.run() }
      for process in processes { process.waitUntilExit() }
      #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8), "round \(round)")
      let sessions = try await cli.run(["sessions", "--db", database], database: false)
      #expect(sessions.stdout.split(separator: "\n").count == 9)
    }
  }

  @Test func aRefusedDatabaseIsNotTouched() async throws {
    let cli = try StoreCLI()
    let foreign = cli.directory.appending(path: "photos.sqlite").path
    try SQLiteShell.run(
      foreign, "CREATE TABLE photos (id INTEGER PRIMARY KEY); INSERT INTO photos VALUES (1);")
    let newer = cli.directory.appending(path: "newer.sqlite").path
    _ = try await cli.run(
      ["import", try cli.file("s.jsonl", Self.script), "--db", newer], database: false)
    try SQLiteShell.run(
      newer,
      "PRAGMA journal_mode = DELETE; INSERT INTO sharp9_migrations VALUES (9999, 'future', 'x', 0);"
    )
    for path in [foreign, newer] {
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
      let before = try Data(contentsOf: URL(filePath: path))
      for command in [["sessions"], ["import", try cli.file("t.jsonl", Self.script)]] {
        let result = try await cli.run(command + ["--db", path], database: false)
        #expect(result.status == 65, "\(command) \(path): \(result.stderr)")
        #expect(try Data(contentsOf: URL(filePath: path)) == before, "\(path) changed")
        for suffix in ["-wal", "-shm", "-journal"] {
          #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(path)\(suffix)")
        }
      }
    }
  }

  /// A refused first import or bundle import leaves no new database behind (the command created
  /// it); a refused import into an existing database leaves it, and its sessions, in place.
  @Test func aRefusedFirstImportLeavesNoDatabase() async throws {
    let cli = try StoreCLI()
    let fresh = cli.directory.appending(path: "fresh.sqlite").path
    let badScript = try cli.file(
      "bad.jsonl",
      """
      {"session":{"startedAt":"2026-01-01T00:00:00Z","title":"bad"}}
      {"type":"nosuchAction","t":0}

      """)
    let notABundle = try cli.file("broken.sharp9", "not a bundle")
    for command in [["import", badScript], ["import-bundle", notABundle]] {
      let result = try await cli.run(command + ["--db", fresh], database: false)
      #expect(result.status == 65, "\(command): \(result.stderr)")
      for suffix in ["", "-wal", "-shm", "-journal"] {
        #expect(
          !FileManager.default.fileExists(atPath: fresh + suffix), "\(command) left \(suffix)")
      }
    }
    let good = try await cli.run(
      ["import", try cli.file("good.jsonl", Self.script), "--db", fresh], database: false)
    #expect(good.status == 0, "\(good.stderr)")
    let refused = try await cli.run(["import", badScript, "--db", fresh], database: false)
    #expect(refused.status == 65)
    let sessions = try await cli.run(["sessions", "--db", fresh], database: false)
    #expect(sessions.status == 0)
    #expect(sessions.stdout.split(separator: "\n").count == 2, "\(sessions.stdout)")
  }

  /// A database in a directory the user cannot write (read-only media) is read without the
  /// `-wal` and `-shm` files a WAL reader would create; writing to it is status 73. Run as
  /// `nobody` through setpriv, since root may write anywhere; skipped where that is not possible.
  @Test func aDatabaseOnReadOnlyMediaCanBeRead() async throws {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
      return
    }
    let cli = try StoreCLI()
    let directory = cli.directory.appending(path: "readonly")
    let database = directory.appending(path: "sharp9.sqlite").path
    _ = try await cli.run(
      ["import", try cli.file("s.jsonl", Self.script), "--db", database], database: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: cli.directory.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.path)
    }
    func asNobody(_ arguments: [String]) throws -> (Int32, String) {
      try ReadOnlyMediaTests.run(arguments + ["--db", database], asNobody: true)
    }
    let (status, listing) = try asNobody(["sessions"])
    #expect(status == 0, "\(listing)")
    #expect(listing.contains("race"))
    let (writeStatus, refusal) = try asNobody(["import", "-"])
    #expect(writeStatus == 73, "\(refusal)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["sharp9.sqlite"])
  }
}
