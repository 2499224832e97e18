import Foundation
import Testing

@testable import Sharp9Store

/// The PostgreSQL migrations follow SQLite's rules, checked without a server.
@Suite struct PostgresMigrationFileTests {
  /// Every file of `Migrations/postgres/` is registered (``Migration/postgres``), in order, with
  /// its text and its pinned checksum: a new file without its line, or an edited shipped one,
  /// fails here.
  @Test func everyPostgresMigrationFileIsRegisteredWithItsChecksum() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.appending(path: "Migrations/postgres")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".sql") }.sorted()
    #expect(files == Migration.postgres.map { $0.fileStem + ".sql" })
    for migration in Migration.postgres {
      let text = try String(
        contentsOf: directory.appending(path: migration.fileStem + ".sql"), encoding: .utf8)
      #expect(text == migration.sql, "\(migration.fileStem).sql is not the embedded text")
      #expect(
        migration.checksum == Migration.checksum(of: text),
        "\(migration.fileStem).sql changed since it shipped: never edit a shipped migration")
      // SwiftPM names embedded files by their name alone: a PostgreSQL file must not share one
      // with a SQLite file.
      #expect(migration.name.hasPrefix("postgres_"))
    }
    #expect(Migration.postgres.map(\.id) == Array(1...Migration.postgres.count))
  }

  /// The runner sends a migration statement by statement: each ends with `;` at a line's end.
  @Test func migrationsSplitIntoStatementsAtLineEndSemicolons() {
    let sql = "-- a comment;\nCREATE TABLE a (x int);\n\nCREATE INDEX b\n  ON a (x);\n"
    #expect(
      PostgresMigrations.statements(of: sql) == [
        "-- a comment;\n", "CREATE TABLE a (x int);\n", "\nCREATE INDEX b\n  ON a (x);\n",
      ])
    let function = "CREATE FUNCTION f() RETURNS trigger AS $$\nBEGIN\n  RETURN NULL;\nEND\n$$;\n"
    #expect(
      PostgresMigrations.statements(of: function + "SELECT $$a;$$;\nSELECT 1;\n") == [
        function, "SELECT $$a;$$;\n", "SELECT 1;\n",
      ])
    for migration in Migration.postgres {
      for statement in PostgresMigrations.statements(of: migration.sql) {
        let code = statement.split(separator: "\n").filter { !$0.hasPrefix("--") }
        #expect(!code.allSatisfy { $0.allSatisfy(\.isWhitespace) }, "a comment alone: \(statement)")
      }
    }
  }
}
