import Foundation
import PostgresNIO
import Sharp9Domain

/// The sharp9 event log on PostgreSQL: the same sessions, events, checkpoints and song loops as
/// ``EventStore``, encoded with the same codecs, for many devices writing to one server.
///
/// Opening connects (one connection per store, see ``PostgresConnectionBridge``), creates the
/// location's schema if it is missing, and brings it up to date with `Migrations/postgres/`
/// (refusing a schema a newer sharp9 migrated). How each guarantee of docs/design/store.md is kept
/// is in its section "The PostgreSQL backend": appends compare-and-set the head in the statement
/// that inserts the events, retried appends are recognized by their event ids, and followers read
/// in commit order (``eventsCommitted(after:limit:)``).
///
/// Not `Sendable`: one store per task, like ``EventStore``. Synchronous commit stays on: an
/// append returns only after PostgreSQL flushed its WAL.
///
/// ```swift
/// let log = try PostgresStore(location: PostgresLocation(url: "postgres://sharp9@/sharp9?host=/tmp"))
/// let session = try log.createSession(new, id: UUID())
/// ```
public final class PostgresStore {
  /// The connection: internal, so every caller goes through the store's operations.
  let connection: PostgresConnectionBridge
  /// Where the store is.
  public let location: PostgresLocation
  /// When snapshots and checkpoints are written (the same rule as SQLite's).
  public var checkpointPolicy: CheckpointPolicy
  let stateCodec = StateCodec()
  /// Events per statement of a batch append (``append(_:to:expecting:)``): bounds the arrays one
  /// statement binds while keeping a bulk import at a few round trips per ten thousand events.
  var eventsPerStatement = 8192
  /// Batches of at least this many events are streamed with COPY (``copy(_:through:)``): past a
  /// thousand events its three round trips cost less than binding the rows as arrays.
  var eventsPerCopy = 1024

  /// Connects to `location` and migrates its schema.
  ///
  /// - Throws: ``PostgresError`` (unreachable server, refused login, failed statement) or
  ///   ``MigrationError`` (a schema written by a newer sharp9, or with a changed migration).
  public init(location: PostgresLocation, checkpointPolicy: CheckpointPolicy = CheckpointPolicy())
    throws
  {
    self.location = location
    self.checkpointPolicy = checkpointPolicy
    connection = try PostgresConnectionBridge(
      configuration: location.configuration(), target: location.description)
    if let schema = location.schema {
      // A plain name (checked by PostgresLocation): safe to splice, as identifiers cannot be bound.
      try connection.simpleQuery(
        "CREATE SCHEMA IF NOT EXISTS \(schema)", "create schema \(schema)")
    }
    try PostgresMigrations(migrations: Migration.postgres).migrate(
      connection, target: location.description)
  }
}
