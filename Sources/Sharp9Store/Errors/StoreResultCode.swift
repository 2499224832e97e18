/// What a failure of the store means to whoever called it, decided once in the store layer (like
/// GRDB's `ResultCode` or swift-system's `Errno`), so front ends choose their exit status, HTTP
/// status and words from this code without knowing which backend failed or how.
///
/// Every error a store throws carries one (``StoreFailure/resultCode``): ``StoreError``,
/// ``MigrationError``, an unreadable stored action, and each backend's own error (``SQLiteError``
/// from its extended result code, ``PostgresError`` from its SQLSTATE). A new backend maps its
/// failures onto these cases; a new case is a decision every front end's exhaustive switch is
/// asked to make.
public enum StoreResultCode: Sendable, Hashable, CaseIterable {
  /// Another connection holds a lock, or the server aborted the transaction to resolve a race
  /// (`SQLITE_BUSY`, `SQLITE_LOCKED`; SQLSTATE 40001, 40P01, 55P03): retrying may work.
  case busy
  /// Another writer appended to the session first: the head is not where the writer expected.
  case conflict
  /// The session asked for does not exist.
  case notFound
  /// The request names something ambiguously or out of range (a session prefix, an event number).
  case invalidRequest
  /// The data given to the store is not acceptable (a script without actions, time that goes
  /// backwards).
  case invalidData
  /// The store's content is damaged: not an intact database, or a stored event that cannot be read
  /// (`SQLITE_NOTADB`, `SQLITE_CORRUPT`; SQLSTATE XX001, XX002).
  case corrupt
  /// A stored value is out of range, of the wrong kind, or breaks a constraint (`SQLITE_TOOBIG`,
  /// `SQLITE_RANGE`, `SQLITE_MISMATCH`, `SQLITE_FORMAT`, `SQLITE_CONSTRAINT`; SQLSTATE classes 22
  /// and 23): a bug in sharp9 or an edited database.
  case invalidValue
  /// The store may not be written (`SQLITE_READONLY`; SQLSTATE 25006).
  case readOnly
  /// The disk is full (`SQLITE_FULL`; SQLSTATE 53100).
  case full
  /// A read or write of the store's files failed (`SQLITE_IOERR`; SQLSTATE 58030).
  case ioFailure
  /// The store cannot be opened: its file or folder (`SQLITE_CANTOPEN`), or the server refused
  /// the login or knows no such database (SQLSTATE classes 28, 3D).
  case cannotOpen
  /// There is no store where one was expected (a command that only reads, given no database).
  case missing
  /// The store cannot be reached: the connection failed or the server is shutting down (SQLSTATE
  /// class 08, 57P01–57P03, 53300).
  case unavailable
  /// The store's schema is not one this sharp9 can use: newer, changed, or another application's.
  case incompatible
  /// This backend does not support the operation yet.
  case unsupported
  /// Anything else: a misuse of the backend, which is a bug in sharp9.
  case internalError
}
