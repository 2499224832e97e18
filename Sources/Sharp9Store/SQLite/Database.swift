import CSQLite
import Foundation

/// One SQLite connection. Owns the `sqlite3*` handle and closes it in `deinit`.
///
/// Not `Sendable`: a connection belongs to one task at a time, as SQLite's default threading mode
/// expects. Prepared statements are cached per SQL text, so hot paths prepare once.
public final class Database {
  /// How to open the file.
  public enum OpenMode: Sendable {
    /// Create the file if it does not exist.
    case createIfMissing
    /// Fail if the file does not exist.
    case mustExist
    /// A file from elsewhere (an upload): read-only, defensive, triggers and views disabled and
    /// the schema untrusted, so reading it runs none of its code.
    case untrusted
    /// Read only, as SQLite's `immutable` URI parameter says: no lock, no `-wal` or `-shm`
    /// file, so a database on read-only media (or in a directory the user cannot write) can be
    /// read. Nothing may change the file while it is open this way.
    case readOnlyImmutable
  }

  /// The path given to `open`, or `:memory:`.
  public let path: String
  let handle: OpaquePointer
  private var statementCache: [String: Statement] = [:]

  /// Opens (or creates) the database at `path`; `:memory:` opens a private in-memory database.
  ///
  /// - Throws: ``SQLiteError`` when the file cannot be opened.
  public init(path: String, mode: OpenMode = .createIfMissing) throws {
    self.path = path
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
    var name = path
    switch mode {
    case .createIfMissing: flags |= SQLITE_OPEN_CREATE
    case .mustExist: break
    case .untrusted: flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
    case .readOnlyImmutable:
      flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
      var allowed = CharacterSet.urlPathAllowed
      allowed.remove(charactersIn: "?#%")
      name =
        "file:\(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)?immutable=1"
    }
    var pointer: OpaquePointer?
    let code = sqlite3_open_v2(name, &pointer, flags, nil)
    guard let pointer else {
      throw SQLiteError(code: code, message: "out of memory", operation: "open \(path)")
    }
    handle = pointer
    sqlite3_extended_result_codes(pointer, 1)
    do {
      try check(code, "open \(path)")
      if mode == .untrusted { try distrust() }
    } catch {
      sqlite3_close_v2(pointer)
      throw error
    }
  }

  /// Turns off everything in a file's schema that could run code when it is read.
  private func distrust() throws {
    for (option, value) in [
      (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),
      (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0), (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
    ] {
      try check(sharp9_db_config_flag(handle, option, Int32(value)), "configure \(path)")
    }
  }

  deinit {
    statementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Checks a result code of a call on this connection (see ``SQLiteError/check(_:on:_:sql:)``).
  func check(_ code: Int32, _ operation: @autoclosure () -> String, sql: String? = nil) throws {
    try SQLiteError.check(code, on: handle, operation(), sql: sql)
  }

  /// Runs `body`, and again after 50 ms while it fails with `SQLITE_BUSY`, for about 5 seconds
  /// (the busy timeout): for the few steps SQLite does not wait on by itself (changing the
  /// journal mode, the first write of a new database).
  public func retryingWhileBusy<Result>(_ body: () throws -> Result) throws -> Result {
    var attempt = 0
    while true {
      do {
        return try body()
      } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY && attempt < 100 {
        attempt += 1
        sqlite3_sleep(50)
      }
    }
  }

  /// Runs one or more SQL statements without parameters (schema, pragmas, transaction control).
  public func execute(_ sql: String) throws {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), "execute", sql: sql)
  }

  /// A prepared statement for `sql`, reset and with cleared bindings, from the cache when possible.
  public func cached(_ sql: String) throws -> Statement {
    if let statement = statementCache[sql] {
      try statement.reset()
      return statement
    }
    let statement = try Statement(database: self, sql: sql)
    statementCache[sql] = statement
    return statement
  }

  /// A new prepared statement for `sql` (not cached: for statements that stay open while
  /// others run, such as a replay cursor).
  public func prepare(_ sql: String) throws -> Statement {
    try Statement(database: self, sql: sql)
  }

  /// Runs `body` in a transaction (`BEGIN IMMEDIATE`, so the write lock is taken up front and a
  /// second writer waits or fails before doing any work), committing if it returns and rolling
  /// back if it throws. Inside an open transaction, `body` simply joins it (the outer one commits
  /// or rolls back everything).
  public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
    if isInTransaction { return try body() }
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // The rollback error, if any, is less useful than the original one.
      _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      throw error
    }
  }

  /// Runs `body` in one read transaction (`BEGIN DEFERRED`): every query in it sees the same
  /// snapshot of the database, even while a recorder appends, and the WAL read lock is taken once
  /// instead of once per statement. Inside an open transaction, `body` simply joins it.
  public func reading<Result>(_ body: () throws -> Result) throws -> Result {
    if isInTransaction { return try body() }
    try execute("BEGIN DEFERRED")
    let result: Result
    do {
      result = try body()
    } catch {
      _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      throw error
    }
    try execute("COMMIT")
    return result
  }

  /// Whether a transaction is open on this connection.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// The number of rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  /// The value of a single-valued `PRAGMA` or query, as text.
  public func scalarText(_ sql: String) throws -> String? {
    try cached(sql).firstRow { $0.text(0) } ?? nil
  }
}
