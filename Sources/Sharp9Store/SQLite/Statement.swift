import CSQLite
import Foundation

/// A prepared SQLite statement. Owns the `sqlite3_stmt*` and finalizes it in `deinit`.
///
/// Columns and parameters are 0-based and 1-based respectively, as in SQLite's C API. Not
/// `Sendable`, like its ``Database``.
public final class Statement {
  /// The SQL text (without bound values).
  public let sql: String
  let handle: OpaquePointer
  /// The connection handle, for error messages. Holding it (rather than the ``Database``) avoids a
  /// reference cycle with the statement cache; `sqlite3_close_v2` keeps the connection alive until
  /// its last statement is finalized, so the pointer stays valid.
  private let connection: OpaquePointer

  /// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs (the macro does not import into Swift).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  init(database: Database, sql: String) throws {
    self.connection = database.handle
    self.sql = sql
    var pointer: OpaquePointer?
    let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
    try SQLiteError.check(
      sqlite3_prepare_v3(database.handle, sql, -1, flags, &pointer, nil), on: database.handle,
      "prepare statement", sql: sql)
    guard let pointer else {
      throw SQLiteError(
        code: SQLITE_MISUSE, message: "no statement in SQL text", operation: "prepare", sql: sql)
    }
    handle = pointer
  }

  deinit { sqlite3_finalize(handle) }

  private func check(_ code: Int32, _ operation: String) throws {
    try SQLiteError.check(code, on: connection, operation, sql: sql)
  }

  /// Resets the statement so it can run again and clears its bindings.
  public func reset() throws {
    sqlite3_reset(handle)
    try check(sqlite3_clear_bindings(handle), "clear bindings")
  }

  /// Advances to the next row: `true` when a row is available, `false` when done.
  @discardableResult
  public func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      defer { sqlite3_reset(handle) }
      try check(code, "step")
      return false
    }
  }

  /// Reads the first row with `body` (or returns `nil` when there is none) and resets the
  /// statement, so no read transaction stays open behind the caller's back.
  public func firstRow<Result>(_ body: (Statement) throws -> Result) throws -> Result? {
    defer { sqlite3_reset(handle) }
    guard try step() else { return nil }
    return try body(self)
  }

  /// Steps to completion, for statements that return no rows.
  public func run() throws {
    while try step() {}
  }

  // MARK: - Binding

  /// Binds an integer to parameter `index` (1-based).
  public func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value), "bind")
  }

  /// Binds a double to parameter `index` (1-based).
  public func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, index, value), "bind")
  }

  /// Binds text to parameter `index` (1-based).
  public func bind(_ value: String, at index: Int32) throws {
    try check(sqlite3_bind_text(handle, index, value, -1, Self.transient), "bind")
  }

  /// Binds a blob to parameter `index` (1-based); SQLite copies the bytes.
  public func bind(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
    let code = sqlite3_bind_blob(
      handle, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
    try check(code, "bind")
  }

  /// Binds a blob to parameter `index` (1-based).
  public func bind(_ bytes: [UInt8], at index: Int32) throws {
    try bytes.withUnsafeBytes { try bind($0, at: index) }
  }

  /// Binds NULL to parameter `index` (1-based).
  public func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index), "bind")
  }

  /// Binds an optional integer (NULL when absent).
  public func bind(_ value: Int64?, at index: Int32) throws {
    if let value { try bind(value, at: index) } else { try bindNull(at: index) }
  }

  /// Binds optional text (NULL when absent).
  public func bind(_ value: String?, at index: Int32) throws {
    if let value { try bind(value, at: index) } else { try bindNull(at: index) }
  }

  // MARK: - Columns

  /// Whether column `index` (0-based) of the current row is NULL.
  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// Column `index` (0-based) as an integer.
  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` (0-based) as a double.
  public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` (0-based) as text, or `nil` when NULL.
  public func text(_ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    return String(cString: pointer)
  }

  /// Column `index` (0-based) as an optional integer.
  public func optionalInt64(_ index: Int32) -> Int64? { isNull(index) ? nil : int64(index) }

  /// Calls `body` with column `index`'s bytes, valid only during the call (no copy is made).
  public func withBlob<Result, Failure: Error>(
    _ index: Int32, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(blobBuffer(index))
  }

  /// Column `index`'s bytes in SQLite's own buffer, valid only until the statement steps, resets
  /// or is finalized (and while no other accessor converts that column): for a cursor decoding a
  /// blob in place across calls.
  func blobBuffer(_ index: Int32) -> UnsafeRawBufferPointer {
    let pointer = sqlite3_column_blob(handle, index)
    return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, index)))
  }

  /// Column `index` (0-based) as a copied byte array.
  public func blob(_ index: Int32) -> [UInt8] {
    withBlob(index) { Array($0) }
  }
}
