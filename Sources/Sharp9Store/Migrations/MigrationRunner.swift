import Foundation

/// Brings a database's schema up to date with a list of migrations, or refuses it.
///
/// Applied migrations are recorded in `sharp9_migrations` with their checksum. On every open the
/// recorded list is compared with the known one first: an unknown id (a newer sharp9) or a
/// changed checksum is refused before anything is written. Pending migrations are then applied in
/// order, each in its own transaction together with its bookkeeping row and its
/// ``MigrationDataStep`` (the data moves SQL cannot express).
public struct MigrationRunner {
  /// The migrations this build knows, in order.
  public var migrations: [Migration]

  /// Creates a runner over `migrations` (by default the embedded `Migrations/*.sql`).
  public init(migrations: [Migration] = Migration.embedded) {
    self.migrations = migrations.sorted { $0.id < $1.id }
  }

  /// Refuses a database sharp9 must not touch, reading only: another application's file (objects
  /// but no `sharp9_migrations`), or one with an unknown or changed migration. Called before
  /// anything could write (even the switch to WAL), so a refused file stays byte-identical and
  /// gets no `-wal` or `-shm` beside it.
  ///
  /// - Throws: ``MigrationError`` or ``SQLiteError``.
  public func refuseUnusable(_ database: Database) throws {
    let objects = try database.cached(
      "SELECT count(*), count(*) FILTER (WHERE name = 'sharp9_migrations') FROM sqlite_schema")
    guard let (count, bookkeeping) = try objects.firstRow({ ($0.int64(0), $0.int64(1)) }) else {
      return
    }
    guard bookkeeping == 1 else {
      if count > 0 { throw MigrationError.notSharp9(path: database.path) }
      return
    }
    try validate(try appliedMigrations(database), path: database.path)
  }

  /// True when every known migration is applied (reading only).
  public func isUpToDate(_ database: Database) throws -> Bool {
    let objects = try database.cached(
      "SELECT count(*) FROM sqlite_schema WHERE name = 'sharp9_migrations'")
    guard try objects.firstRow({ $0.int64(0) }) == 1 else { return false }
    let recorded = try appliedMigrations(database)
    return migrations.allSatisfy { isApplied($0, in: recorded) }
  }

  /// Validates the database's applied migrations and applies the pending ones.
  ///
  /// - Returns: the ids applied by this call.
  /// - Throws: ``MigrationError`` (database untouched) or ``SQLiteError``.
  @discardableResult
  public func migrate(_ database: Database) throws -> [Int] {
    try prepareBookkeeping(database)
    // The common open, every known migration already applied: one read, no write transaction
    // (so a reading command neither waits for nor blocks a recorder's write lock).
    let recorded = try appliedMigrations(database)
    try validate(recorded, path: database.path)
    if migrations.allSatisfy({ isApplied($0, in: recorded) }) { return [] }
    var appliedNow: [Int] = []
    for migration in migrations {
      // Re-read inside each transaction: another process may have migrated meanwhile.
      let applied = try database.transaction { () throws -> Bool in
        let recorded = try appliedMigrations(database)
        try validate(recorded, path: database.path)
        if isApplied(migration, in: recorded) { return false }
        try database.execute(migration.sql)
        try migration.dataStep?.run(on: database)
        let insert = try database.cached(
          "INSERT INTO sharp9_migrations (id, name, sha256, applied_ms) VALUES (?, ?, ?, ?)")
        try insert.bind(Int64(migration.id), at: 1)
        try insert.bind(migration.name, at: 2)
        try insert.bind(migration.checksum, at: 3)
        try insert.bind(UnixMilliseconds(Date()).value, at: 4)
        try insert.run()
        return true
      }
      if applied { appliedNow.append(migration.id) }
    }
    return appliedNow
  }

  /// Creates `sharp9_migrations` in an empty database; refuses a non-empty database without it
  /// (some other application's file), which must not be altered.
  private func prepareBookkeeping(_ database: Database) throws {
    let objects = try database.cached(
      "SELECT count(*), count(*) FILTER (WHERE name = 'sharp9_migrations') FROM sqlite_schema")
    guard let (count, bookkeeping) = try objects.firstRow({ ($0.int64(0), $0.int64(1)) }) else {
      return
    }
    if bookkeeping == 1 { return }
    guard count == 0 else { throw MigrationError.notSharp9(path: database.path) }
    // IF NOT EXISTS: another process creating the same new database may have got here first.
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS sharp9_migrations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        applied_ms INTEGER NOT NULL
      ) STRICT
      """)
  }

  /// One row of `sharp9_migrations`.
  private struct AppliedMigration {
    var id: Int
    var name: String
    var checksum: String
  }

  // Arrays, not dictionaries, on purpose: this runs on every open, and on Linux the first hashed
  // collection of a new key type in a process costs a scan of every protocol conformance record
  // (about 0.1 ms each, measured on `state --at`); a handful of rows needs no hashing.
  private func appliedMigrations(_ database: Database) throws -> [AppliedMigration] {
    let select = try database.cached("SELECT id, name, sha256 FROM sharp9_migrations ORDER BY id")
    var recorded: [AppliedMigration] = []
    while try select.step() {
      recorded.append(
        AppliedMigration(
          id: Int(select.int64(0)), name: select.text(1) ?? "", checksum: select.text(2) ?? ""))
    }
    return recorded
  }

  private func validate(_ recorded: [AppliedMigration], path: String) throws {
    for applied in recorded {
      guard let migration = migrations.first(where: { $0.id == applied.id }) else {
        throw MigrationError.unknownMigration(path: path, id: applied.id, name: applied.name)
      }
      guard migration.checksum == applied.checksum else {
        throw MigrationError.changedMigration(path: path, id: applied.id, name: migration.name)
      }
    }
  }

  private func isApplied(_ migration: Migration, in recorded: [AppliedMigration]) -> Bool {
    recorded.contains { $0.id == migration.id }
  }
}
