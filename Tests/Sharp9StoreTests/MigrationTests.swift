import Foundation
import Testing

@testable import Sharp9Store

@Suite struct MigrationTests {
  /// Every file of `Migrations/` is registered (``Migration/embedded``), in order, with the
  /// file's text, and its pinned checksum is the text's: a new file without its line, or an
  /// edited shipped migration, fails here.
  @Test func everyMigrationFileIsRegisteredWithItsChecksum() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.appending(path: "Migrations")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".sql") }.sorted()
    #expect(
      files == Migration.embedded.map { $0.fileStem + ".sql" },
      "Migrations/ and Migration.embedded disagree: register the new file in Migration+Shipped")
    for migration in Migration.embedded {
      let text = try String(
        contentsOf: directory.appending(path: migration.fileStem + ".sql"), encoding: .utf8)
      #expect(text == migration.sql, "\(migration.fileStem).sql is not the embedded text")
      #expect(
        migration.checksum == Migration.checksum(of: text),
        "\(migration.fileStem).sql changed since it shipped: never edit a shipped migration")
    }
    #expect(Migration.embedded.map(\.id) == Array(1...Migration.embedded.count))
    #expect(
      Migration.embedded.map(\.dataStep) == [
        nil, .packEventRows, nil, nil, nil, nil, nil, nil, nil, nil,
      ])
  }

  @Test(arguments: StoreKind.allCases) func freshDatabaseRecordsEveryMigration(kind: StoreKind)
    throws
  {
    let fixture = try StoreFixture(kind)
    let select = try fixture.store.database.prepare(
      "SELECT id, name, sha256 FROM sharp9_migrations ORDER BY id")
    var rows: [String] = []
    while try select.step() {
      rows.append("\(select.int64(0)) \(select.text(1) ?? "") \(select.text(2) ?? "")")
    }
    #expect(rows == Migration.embedded.map { "\($0.id) \($0.name) \($0.checksum)" })
    #expect(try MigrationRunner().migrate(fixture.store.database) == [])
  }

  @Test func newerDatabaseIsRefusedAndNotAltered() throws {
    let fixture = try StoreFixture(.onDisk)
    try fixture.store.database.execute(
      "INSERT INTO sharp9_migrations VALUES (999, 'from_the_future', 'abc', 0)")
    let before = try schemaAndMigrations(fixture.path)
    let error = try #require(throws: MigrationError.self) { try EventStore(path: fixture.path) }
    #expect(error == .unknownMigration(path: fixture.path, id: 999, name: "from_the_future"))
    #expect(error.description.contains("newer sharp9"))
    #expect(try schemaAndMigrations(fixture.path) == before)
  }

  @Test func changedMigrationTextIsRefused() throws {
    let fixture = try StoreFixture(.onDisk)
    try fixture.store.database.execute("UPDATE sharp9_migrations SET sha256 = 'x' WHERE id = 1")
    let before = try schemaAndMigrations(fixture.path)
    let error = try #require(throws: MigrationError.self) { try EventStore(path: fixture.path) }
    #expect(error == .changedMigration(path: fixture.path, id: 1, name: "event_log"))
    #expect(try schemaAndMigrations(fixture.path) == before)
  }

  @Test func changedEmbeddedTextIsRefusedByAnOlderOrEditedBuild() throws {
    let database = try Database(path: ":memory:")
    try MigrationRunner().migrate(database)
    var edited = Migration.embedded
    edited[0].sql += "\n-- edited after shipping\n"
    let error = try #require(throws: MigrationError.self) {
      try MigrationRunner(migrations: edited).migrate(database)
    }
    #expect(error == .changedMigration(path: ":memory:", id: 1, name: "event_log"))
  }

  @Test func pendingMigrationsApplyInOrderEachInItsOwnTransaction() throws {
    let database = try Database(path: ":memory:")
    let first = Migration(id: 1, name: "one", sql: "CREATE TABLE one (x INTEGER);")
    let broken = Migration(id: 2, name: "two", sql: "CREATE TABLE two (x INTEGER); SELEC;")
    #expect(throws: SQLiteError.self) {
      try MigrationRunner(migrations: [broken, first]).migrate(database)
    }
    // Migration 1 committed, migration 2 rolled back completely (its table too).
    #expect(try database.scalarText("SELECT group_concat(id) FROM sharp9_migrations") == "1")
    #expect(try database.scalarText("SELECT count(*) FROM sqlite_schema WHERE name = 'two'") == "0")
  }

  @Test func foreignDatabaseIsRefused() throws {
    let fixture = try StoreFixture(.onDisk)
    let other = fixture.directory.appending(path: "other.sqlite").path
    try Database(path: other).execute("CREATE TABLE contacts (name TEXT)")
    let error = try #require(throws: MigrationError.self) { try EventStore(path: other) }
    #expect(error == .notSharp9(path: other))
    #expect(try Database(path: other).scalarText("SELECT count(*) FROM sqlite_schema") == "1")
  }

  @Test func missingDatabaseIsAnErrorForReadingCommands() throws {
    let path = "/nonexistent-\(UUID())/sharp9.sqlite"
    let error = try #require(throws: StoreError.self) {
      try EventStore(path: path, mode: .mustExist)
    }
    #expect(error == .databaseMissing(path: path))
  }

  private func schemaAndMigrations(_ path: String) throws -> [String] {
    let database = try Database(path: path, mode: .mustExist)
    let select = try database.prepare(
      """
      SELECT 'schema ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema
      UNION ALL SELECT 'migration ' || id || ' ' || name || ' ' || sha256 FROM sharp9_migrations
      ORDER BY 1
      """)
    var rows: [String] = []
    while try select.step() { rows.append(select.text(0) ?? "") }
    return rows
  }
}
