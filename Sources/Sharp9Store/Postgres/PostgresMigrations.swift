import Foundation
import PostgresNIO

/// Brings a PostgreSQL schema up to date with `Migrations/postgres/`, or refuses it: the same
/// rules as SQLite's ``MigrationRunner`` (applied migrations recorded with their checksum in
/// `sharp9_migrations`, an unknown or changed one refused before anything is written, each
/// pending one applied in its own transaction with its bookkeeping row).
///
/// Concurrent openers (many server processes starting at once) take a transaction-scoped advisory
/// lock, so exactly one applies each migration and the others see it recorded.
struct PostgresMigrations {
  /// The migrations this build knows, in order.
  var migrations: [Migration]

  /// The advisory lock key every migrator of a database takes ("sharp9mg" as bytes).
  private static let lockKey: Int64 = 0x7368_6172_7039_6D67

  /// Validates the applied migrations and applies the pending ones.
  ///
  /// - Returns: the ids applied by this call.
  /// - Throws: ``MigrationError`` (schema untouched) or ``PostgresError``.
  @discardableResult
  func migrate(_ connection: PostgresConnectionBridge, target: String) throws -> [Int] {
    let operation = "migrate \(target)"
    var appliedNow: [Int] = []
    try connection.transaction(operation) {
      try connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", operation)
      try connection.simpleQuery(
        """
        CREATE TABLE IF NOT EXISTS sharp9_migrations (
          id integer PRIMARY KEY,
          name text NOT NULL,
          sha256 text NOT NULL,
          applied_ms bigint NOT NULL
        )
        """, operation)
      let recorded = try connection.query(
        "SELECT id, name, sha256 FROM sharp9_migrations ORDER BY id", operation
      ).map { try $0.decode((Int, String, String).self) }
      for (id, name, checksum) in recorded {
        guard let known = migrations.first(where: { $0.id == id }) else {
          throw MigrationError.unknownMigration(path: target, id: id, name: name)
        }
        guard known.checksum == checksum else {
          throw MigrationError.changedMigration(path: target, id: id, name: known.name)
        }
      }
      for migration in migrations where !recorded.contains(where: { $0.0 == migration.id }) {
        for statement in Self.statements(of: migration.sql) {
          try connection.simpleQuery(statement, "\(operation): migration \(migration.fileStem)")
        }
        let now = UnixMilliseconds(Date()).value
        try connection.query(
          """
          INSERT INTO sharp9_migrations (id, name, sha256, applied_ms)
          VALUES (\(migration.id), \(migration.name), \(migration.checksum), \(now))
          """, operation)
        appliedNow.append(migration.id)
      }
    }
    return appliedNow
  }

  /// The statements of a migration file: each ends with `;` at the end of a line (the files'
  /// rule, stated in their header), so no SQL parser is needed. A function's body, quoted between
  /// two `$$`, stays in its statement whatever its lines end with.
  static func statements(of sql: String) -> [String] {
    var statements: [String] = []
    var current = ""
    var inBody = false
    for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
      current += line + "\n"
      if line.split(separator: "$$", omittingEmptySubsequences: false).count.isMultiple(of: 2) {
        inBody.toggle()
      }
      if !inBody, line.hasSuffix(";") {
        statements.append(current)
        current = ""
      }
    }
    if !current.allSatisfy({ $0.isWhitespace }) { statements.append(current) }
    return statements
  }
}
