/// An error of the store layer: it says what it means with a ``StoreResultCode``.
public protocol StoreFailure: Error, CustomStringConvertible {
  /// What the failure means, for exit statuses, HTTP statuses and words.
  var resultCode: StoreResultCode { get }
}

/// A failure of one backend's database itself (SQLite's library, PostgreSQL's server), as opposed
/// to the store's own refusals (``StoreError``, ``MigrationError``).
public protocol BackendFailure: StoreFailure {
  /// The backend that failed.
  var backend: StoreBackend { get }
  /// The backend's own message (SQLite's `sqlite3_errmsg`, PostgreSQL's message): never SQL or
  /// bound values, but it may name a file, so servers keep it in their log.
  var message: String { get }
  /// The backend's own code for the failure (SQLite's extended result code, PostgreSQL's
  /// SQLSTATE), for a report of a bug.
  var nativeCode: String { get }
}

/// The kinds of store sharp9 has: what a store URL's scheme names.
public enum StoreBackend: String, Sendable, CaseIterable {
  /// One SQLite file (`sqlite:PATH`): the embedded default.
  case sqlite
  /// A PostgreSQL database (`postgres://…`).
  case postgres

  /// The backend's name for people.
  public var name: String {
    switch self {
    case .sqlite: "SQLite"
    case .postgres: "PostgreSQL"
    }
  }
}
