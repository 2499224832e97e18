import CSQLite

/// What a failed database call means to whoever uses the database, decided here once from
/// SQLite's result code, so front ends choose their words and statuses without knowing SQLite.
public enum DatabaseProblem: Sendable, Equatable {
  /// Another connection holds a lock (`SQLITE_BUSY`, `SQLITE_LOCKED`): retrying may work.
  case locked
  /// The file is not an intact SQLite database (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
  case damaged
  /// A stored value is out of range or of the wrong kind, or breaks a constraint
  /// (`SQLITE_TOOBIG`, `SQLITE_RANGE`, `SQLITE_MISMATCH`, `SQLITE_FORMAT`, `SQLITE_CONSTRAINT`).
  case badValue
  /// The database may not be written (`SQLITE_READONLY`).
  case readOnly
  /// The disk is full (`SQLITE_FULL`).
  case diskFull
  /// A read or write of the file failed (`SQLITE_IOERR`).
  case ioFailure
  /// The file or its folder cannot be opened (`SQLITE_CANTOPEN`).
  case cannotOpen
  /// Anything else: a misuse of SQLite, which is a bug in sharp9.
  case other

  /// The problem `primaryCode` (a primary result code) stands for.
  init(primaryCode: Int32) {
    self =
      switch primaryCode {
      case SQLITE_BUSY, SQLITE_LOCKED: .locked
      case SQLITE_NOTADB, SQLITE_CORRUPT: .damaged
      case SQLITE_TOOBIG, SQLITE_RANGE, SQLITE_MISMATCH, SQLITE_FORMAT, SQLITE_CONSTRAINT: .badValue
      case SQLITE_READONLY: .readOnly
      case SQLITE_FULL: .diskFull
      case SQLITE_IOERR: .ioFailure
      case SQLITE_CANTOPEN: .cannotOpen
      default: .other
      }
  }
}

extension SQLiteError {
  /// What the failure means (from ``primaryCode``).
  public var problem: DatabaseProblem { DatabaseProblem(primaryCode: primaryCode) }
}
