import CSQLite

extension SQLiteError: BackendFailure {
  /// What the failure means, from ``primaryCode``.
  public var resultCode: StoreResultCode {
    switch primaryCode {
    case SQLITE_BUSY, SQLITE_LOCKED: .busy
    case SQLITE_NOTADB, SQLITE_CORRUPT: .corrupt
    case SQLITE_TOOBIG, SQLITE_RANGE, SQLITE_MISMATCH, SQLITE_FORMAT, SQLITE_CONSTRAINT:
      .invalidValue
    case SQLITE_READONLY: .readOnly
    case SQLITE_FULL: .full
    case SQLITE_IOERR: .ioFailure
    case SQLITE_CANTOPEN: .cannotOpen
    default: .internalError
    }
  }

  /// ``StoreBackend/sqlite``.
  public var backend: StoreBackend { .sqlite }

  /// The extended result code, in decimal.
  public var nativeCode: String { String(code) }
}
