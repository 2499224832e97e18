import Foundation

/// Where an event log lives, read from a store URL: the one factory front ends get a log from.
///
/// - `sqlite:PATH` (also `sqlite://PATH`): an SQLite file, relative to the working directory
///   unless absolute.
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, or with a Unix socket directory,
///   `postgres://USER@/DATABASE?host=/run/postgresql` (``PostgresLocation``); `schema=NAME`
///   among the parameters keeps the store's tables in a schema of their own (created if missing).
///
/// ```swift
/// let log = try StoreLocation(url: "postgres://sharp9@localhost/sharp9").open(.mustExist)
/// let sessions = try log.sessions()
/// ```
public enum StoreLocation: Sendable, Equatable {
  /// An SQLite database file.
  case sqlite(path: String)
  /// A PostgreSQL database.
  case postgres(PostgresLocation)

  /// Reads a store URL.
  ///
  /// - Throws: ``StoreError/invalidStoreURL(url:reason:)`` saying what is wrong with it.
  public init(url given: String) throws(StoreError) {
    let url = Self.withoutPassword(given)
    let scheme = url.prefix { $0 != ":" }.lowercased()
    switch scheme {
    case "sqlite":
      var path = given.dropFirst("sqlite:".count)
      if path.hasPrefix("//") { path = path.dropFirst(2) }
      guard !path.isEmpty else {
        throw .invalidStoreURL(url: url, reason: "it names no file (sqlite:PATH)")
      }
      self = .sqlite(path: String(path))
    case "postgres", "postgresql":
      do {
        let schema = URLComponents(string: given)?.queryItems?.first { $0.name == "schema" }?.value
        self = .postgres(try PostgresLocation(url: given, schema: schema))
      } catch let error as PostgresError {
        throw .invalidStoreURL(url: url, reason: error.message)
      } catch {
        throw .invalidStoreURL(url: url, reason: "\(error)")
      }
    default:
      throw .invalidStoreURL(
        url: url, reason: "it starts with neither sqlite: nor postgres://")
    }
  }

  /// `url` with its password (if any) replaced by `…`, for messages.
  private static func withoutPassword(_ url: String) -> String {
    guard var parts = URLComponents(string: url), parts.password != nil else { return url }
    parts.password = "…"
    return parts.string ?? "the URL"
  }

  /// The kind of store.
  public var backend: StoreBackend {
    switch self {
    case .sqlite: .sqlite
    case .postgres: .postgres
    }
  }

  /// The URL for messages (a password is never shown).
  public var description: String {
    switch self {
    case .sqlite(let path): "sqlite:\(path)"
    case .postgres(let location): location.description
    }
  }

  /// Opens the log: an SQLite file as `mode` says (`.mustExist` for commands that only read);
  /// a PostgreSQL database is connected to and migrated (it exists on its server, whatever
  /// `mode` says).
  ///
  /// - Throws: ``StoreError``, ``MigrationError`` or the backend's ``BackendFailure``.
  public func open(
    _ mode: Database.OpenMode, checkpointPolicy: CheckpointPolicy = CheckpointPolicy(),
    synchronous: SynchronousMode = .full
  ) throws -> any EventLog {
    switch self {
    case .sqlite(let path):
      try EventStore(
        path: path, mode: mode, checkpointPolicy: checkpointPolicy, synchronous: synchronous)
    case .postgres(let location):
      try PostgresStore(location: location, checkpointPolicy: checkpointPolicy)
    }
  }
}
