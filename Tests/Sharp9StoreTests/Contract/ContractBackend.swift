import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// A backend the store contract runs against.
enum ContractBackend: String, Sendable, CustomStringConvertible {
  case sqlite, postgres

  var description: String { rawValue }

  /// The PostgreSQL cluster the tests may use: `SHARP9_TEST_POSTGRES`, a `postgres://` URL
  /// (`scripts/postgres.sh start` prints one for a private cluster).
  static let postgresURL: String? = {
    let url = ProcessInfo.processInfo.environment["SHARP9_TEST_POSTGRES"] ?? ""
    return url.isEmpty ? nil : url
  }()

  /// Why the PostgreSQL tests do not run here, shown as the reason they were skipped.
  static let postgresSkipReason = Comment(
    rawValue: "SHARP9_TEST_POSTGRES is not set: start a private cluster with"
      + " `eval \"$(scripts/postgres.sh start)\"` to run the PostgreSQL tests (CI does)")

  /// Whether the PostgreSQL tests run: with a cluster, or when `SHARP9_REQUIRE_POSTGRES=1`
  /// (CI), so a missing cluster fails instead of skipping.
  static let postgresEnabled =
    postgresURL != nil || ProcessInfo.processInfo.environment["SHARP9_REQUIRE_POSTGRES"] == "1"

  /// The backends the contract runs against here: SQLite always, PostgreSQL when enabled.
  static let available: [ContractBackend] = postgresEnabled ? [.sqlite, .postgres] : [.sqlite]
}

/// A fresh, empty log of one backend: an in-memory SQLite database, or a PostgreSQL schema of
/// its own (dropped when the fixture goes away) in the test cluster.
final class ContractLog {
  let backend: ContractBackend
  let log: any EventLog
  /// The PostgreSQL location, to open more stores on the same schema.
  let location: PostgresLocation?

  init(_ backend: ContractBackend, interval: Int64 = 1000) throws {
    self.backend = backend
    let policy = CheckpointPolicy(interval: interval)
    switch backend {
    case .sqlite:
      location = nil
      log = try EventStore(path: ":memory:", checkpointPolicy: policy, synchronous: .normal)
    case .postgres:
      let schema = "t_" + UUID().uuidString.lowercased().replacing("-", with: "")
      let location = try PostgresLocation(url: Self.requiredURL(), schema: schema)
      self.location = location
      log = try PostgresStore(location: location, checkpointPolicy: policy)
    }
  }

  deinit {
    if let store = log as? PostgresStore, let schema = location?.schema {
      _ = try? store.connection.simpleQuery("DROP SCHEMA \(schema) CASCADE", "drop test schema")
    }
  }

  /// The cluster's URL, or an error saying how to get one.
  static func requiredURL() throws -> String {
    guard let url = ContractBackend.postgresURL else {
      throw PostgresError(
        code: nil, message: "SHARP9_REQUIRE_POSTGRES=1 but SHARP9_TEST_POSTGRES is not set",
        operation: "find the test cluster")
    }
    return url
  }

  /// Another store on the same PostgreSQL schema (as another process would open).
  func anotherPostgresStore() throws -> PostgresStore {
    guard let location else {
      throw PostgresError(code: nil, message: "not a PostgreSQL log", operation: "open a store")
    }
    return try PostgresStore(location: location, checkpointPolicy: CheckpointPolicy())
  }

  /// A new session starting at ``RandomSession/startedAt``.
  func newSession(id: UUID = UUID(), title: String = "test", startedAt: Date? = nil) throws
    -> SessionRecord
  {
    try log.createSession(
      NewSession(
        title: title, startedAt: startedAt ?? RandomSession.startedAt, sharp9Version: "test"),
      id: id)
  }

  /// Appends `actions` through the log's writer and returns the session as stored afterwards.
  func record(_ actions: [(t: Double, action: Action)], into session: SessionRecord) throws
    -> SessionRecord
  {
    let writer = try log.writer(for: session)
    for (t, action) in actions {
      _ = try writer.append(action, at: t, expecting: writer.session.eventCount)
    }
    return try log.session(id: session.id)
  }

  /// Every event of `session`, read through the log's reader.
  func events(of session: SessionRecord, after: Int64 = 0, through: Int64? = nil) throws
    -> [StoredEvent]
  {
    let reader = try log.events(of: session, after: after, through: through)
    var events: [StoredEvent] = []
    while let event = try reader.next() { events.append(event) }
    return events
  }
}
