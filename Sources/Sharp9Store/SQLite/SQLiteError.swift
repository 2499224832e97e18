import CSQLite
import Foundation

/// A failed SQLite call: what sharp9 was doing, SQLite's extended result code and message, and the
/// SQL text involved (never the bound values, which may hold user data).
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
  /// The extended result code (`sqlite3_extended_errcode`), e.g. `SQLITE_CONSTRAINT_PRIMARYKEY`.
  public var code: Int32
  /// SQLite's own message (`sqlite3_errmsg`).
  public var message: String
  /// What sharp9 was doing, e.g. "open /tmp/a.sqlite" or "prepare statement".
  public var operation: String
  /// The SQL being prepared or run, if any.
  public var sql: String?

  /// Creates an error from its parts.
  public init(code: Int32, message: String, operation: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.operation = operation
    self.sql = sql
  }

  /// The one checked-call helper of the SQLite edge: returns for `SQLITE_OK`, `SQLITE_ROW` and
  /// `SQLITE_DONE`, and otherwise throws the connection's extended code and message with the
  /// operation and SQL text.
  static func check(
    _ code: Int32, on connection: OpaquePointer, _ operation: @autoclosure () -> String,
    sql: String? = nil
  ) throws {
    guard code != SQLITE_OK, code != SQLITE_ROW, code != SQLITE_DONE else { return }
    throw SQLiteError(
      code: sqlite3_extended_errcode(connection),
      message: String(cString: sqlite3_errmsg(connection)), operation: operation(), sql: sql)
  }

  /// The primary result code (the low byte of ``code``), e.g. `SQLITE_BUSY`.
  public var primaryCode: Int32 { code & 0xFF }

  /// True for a write that the disk refused: `SQLITE_FULL`, or an I/O error other than a read's
  /// (`SQLITE_IOERR_READ` and `SQLITE_IOERR_SHORT_READ`, `SQLITE_IOERR | 1 << 8` and `| 2 << 8`:
  /// macros Swift does not import).
  public var isFailedWrite: Bool {
    primaryCode == SQLITE_FULL
      || (primaryCode == SQLITE_IOERR
        && ![SQLITE_IOERR | 1 << 8, SQLITE_IOERR | 2 << 8].contains(code))
  }

  /// True for a violated PRIMARY KEY or UNIQUE constraint.
  public var isUniqueViolation: Bool {
    // SQLITE_CONSTRAINT_PRIMARYKEY and _UNIQUE are function-like macros Swift cannot import.
    code == SQLITE_CONSTRAINT | (6 << 8) || code == SQLITE_CONSTRAINT | (8 << 8)
  }

  /// One line: `SQLite error 1555 (…) during <operation>: <message> [SQL: …]`, plus what the code
  /// means for the codes a user can act on (front ends say what to do).
  public var description: String {
    var text = "SQLite error \(code) during \(operation): \(message)"
    if let sql {
      let oneLine = sql.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
      text += " [SQL: \(oneLine)]"
    }
    if let hint { text += " (\(hint))" }
    return text
  }

  private var hint: String? {
    switch resultCode {
    case .busy: "another process holds the database"
    case .corrupt: "the file is not an intact sharp9 database"
    case .readOnly: "the database is read-only"
    case .full: "the disk is full"
    case .cannotOpen: "the file or its directory cannot be opened"
    default: nil
    }
  }
}
