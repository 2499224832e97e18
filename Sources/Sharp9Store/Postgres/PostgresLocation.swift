import Foundation
import PostgresNIO

/// Where a PostgreSQL store lives: a `postgres://` URL as libpq reads it, plus the schema the
/// store's tables are in.
///
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, or a Unix socket directory as libpq's
/// `host` parameter: `postgres://USER@/DATABASE?host=/run/postgresql` (the socket is
/// `DIR/.s.PGSQL.PORT`, port 5432 unless given). TLS is not negotiated: use a socket or loopback,
/// or a tunnel.
public struct PostgresLocation: Sendable, Equatable {
  /// The URL as given (its password is never printed: see ``description``).
  public var url: String
  /// The schema the store's tables live in (`nil`: the server's `search_path`, usually `public`).
  /// Created when missing. Tests give each test a schema of its own.
  public var schema: String?

  /// Reads a `postgres://` (or `postgresql://`) URL.
  ///
  /// - Throws: ``PostgresError`` naming what is wrong with the URL.
  public init(url: String, schema: String? = nil) throws {
    self.url = url
    self.schema = schema
    _ = try configuration()
  }

  /// The URL without its password, for messages.
  public var description: String {
    guard var parts = URLComponents(string: url), parts.password != nil else { return url }
    parts.password = "…"
    return parts.string ?? url
  }

  /// postgres-nio's connection settings for this location.
  func configuration() throws -> PostgresConnection.Configuration {
    guard let parts = URLComponents(string: url),
      ["postgres", "postgresql"].contains(parts.scheme?.lowercased())
    else { throw invalid("it is not a postgres:// URL") }
    let query = parts.queryItems ?? []
    func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
    guard let user = parts.user ?? parameter("user"), !user.isEmpty else {
      throw invalid("it names no user (postgres://USER@HOST/DATABASE)")
    }
    let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
    guard !database.isEmpty else { throw invalid("it names no database") }
    let port = parts.port ?? parameter("port").flatMap(Int.init) ?? 5432
    guard (1...65535).contains(port) else { throw invalid("its port is not a port") }
    let socketDirectory = parameter("host").flatMap { $0.hasPrefix("/") ? $0 : nil }
    var configuration: PostgresConnection.Configuration
    if let socketDirectory {
      configuration = PostgresConnection.Configuration(
        unixSocketPath: socketDirectory + "/.s.PGSQL.\(port)", username: user,
        password: parts.password, database: database)
    } else {
      guard let host = parts.host, !host.isEmpty else {
        throw invalid("it names no host (or ?host=/socket/directory)")
      }
      configuration = PostgresConnection.Configuration(
        host: host, port: port, username: user, password: parts.password, database: database,
        tls: .disable)
    }
    if let schema {
      guard Self.isPlainName(schema) else { throw invalid("schema \(schema) is not a plain name") }
      configuration.options.additionalStartupParameters = [("search_path", schema)]
    }
    return configuration
  }

  /// Lower-case letters, digits and `_`, starting with a letter: a schema name that needs no
  /// quoting anywhere.
  static func isPlainName(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter, name.count <= 63 else { return false }
    return name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" }
  }

  private func invalid(_ why: String) -> PostgresError {
    PostgresError(code: nil, message: why, operation: "read the store URL \(description)")
  }
}
