import CSQLite
import Foundation
import Sharp9Domain

/// The sharp9 event log: one SQLite database holding sessions, their events and checkpoints.
///
/// Opening runs the migrations (or refuses the database, see ``MigrationRunner``) and sets:
/// WAL journal (readers never block the writer), the ``SynchronousMode`` (`full` by default: every
/// commit is fsynced before it returns, see docs/design/store.md, "Durability"), foreign keys on, and
/// a busy timeout
/// so a second process waits for the write lock instead of failing at once.
///
/// Not `Sendable`: one store per task, like its ``Database``.
public final class EventStore {
  /// The connection: internal, so every caller goes through the store's operations (``EventLog``).
  let database: Database
  /// When snapshots and checkpoints are written.
  public var checkpointPolicy: CheckpointPolicy
  let stateCodec = StateCodec()
  /// Events per chunk row this store writes (``EventChunk/defaultCapacity``; tests lower it to
  /// reach chunk edges with few events). Readers accept chunks of any size.
  var chunkCapacity = EventChunk.defaultCapacity

  /// Opens the database at `path` (`:memory:` for a private in-memory one).
  ///
  /// - Parameter mode: `.mustExist` for commands that only read, so a typo in `--db` is an error
  ///   rather than a new empty database.
  /// - Throws: ``StoreError/databaseMissing(path:)``, ``MigrationError`` or ``SQLiteError``.
  public init(
    path: String, mode: Database.OpenMode = .createIfMissing,
    checkpointPolicy: CheckpointPolicy = CheckpointPolicy(), synchronous: SynchronousMode = .full
  ) throws {
    // A reader that could not create the -wal and -shm files beside the database (read-only
    // media, a directory of someone else's) opens it immutable instead of failing.
    let mode = mode == .mustExist && Self.isReadOnly(path) ? .readOnlyImmutable : mode
    if mode == .createIfMissing, path != ":memory:" {
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    do {
      database = try Database(path: path, mode: mode)
    } catch let error as SQLiteError where mode != .createIfMissing {
      // Asked only on failure: the first FileManager call costs a tenth of a millisecond.
      if path != ":memory:", !FileManager.default.fileExists(atPath: path) {
        throw StoreError.databaseMissing(path: path)
      }
      throw error
    }
    self.checkpointPolicy = checkpointPolicy
    try database.execute("PRAGMA busy_timeout = 5000")
    // Reading the schema first turns a file that is not a database into a clear error before any
    // pragma could try to write to it.
    _ = try database.scalarText("SELECT count(*) FROM sqlite_schema")
    // Refused before anything is written: a foreign, newer or altered file stays as it was.
    let migrations = MigrationRunner()
    try migrations.refuseUnusable(database)
    if mode == .readOnlyImmutable {
      guard try migrations.isUpToDate(database) else {
        throw SQLiteError(
          code: SQLITE_READONLY, message: "the database needs migrating but is read-only",
          operation: "open \(path)")
      }
      return
    }
    if path != ":memory:" {
      // Changing the journal mode needs an exclusive lock and does not wait on busy_timeout: a
      // second process creating the same new database retries instead of failing.
      let journal = try database.retryingWhileBusy {
        try database.scalarText("PRAGMA journal_mode = WAL")
      }
      guard journal?.lowercased() == "wal" else {
        throw SQLiteError(
          code: 0, message: "journal mode is \(journal ?? "unknown")",
          operation: "switch \(path) to WAL")
      }
    }
    try database.execute(
      "PRAGMA synchronous = \(synchronous.rawValue.uppercased()); PRAGMA foreign_keys = ON")
    _ = try database.retryingWhileBusy { try migrations.migrate(database) }
  }

  /// True when `path` exists but this process cannot write it or its directory (so SQLite could
  /// not create the `-wal` and `-shm` files a WAL reader needs).
  static func isReadOnly(_ path: String) -> Bool {
    // access(2), not FileManager: this runs on every open, and `state --at` is timed per call.
    guard path != ":memory:", access(path, F_OK) == 0 else { return false }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return access(path, W_OK) != 0 || access(directory, W_OK) != 0
  }

  /// A private in-memory store (tests, previews).
  public static func inMemory(checkpointPolicy: CheckpointPolicy = CheckpointPolicy()) throws
    -> EventStore
  {
    try EventStore(path: ":memory:", checkpointPolicy: checkpointPolicy)
  }

  /// The database path commands use without `--db`: `$SHARP9_DB`, else
  /// `$XDG_DATA_HOME/sharp9/sharp9.sqlite`, else `~/.local/share/sharp9/sharp9.sqlite`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let path = environment["SHARP9_DB"], !path.isEmpty { return path }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
      dataHome = xdg
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      dataHome = URL(fileURLWithPath: home).appending(path: ".local/share").path
    }
    return URL(fileURLWithPath: dataHome).appending(path: "sharp9/sharp9.sqlite").path
  }
}
