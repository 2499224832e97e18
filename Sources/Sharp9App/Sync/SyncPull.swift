import Foundation
import Sharp9Domain
import Sharp9Store

/// `sharp9 pull`: fetches sessions from a server into a local store, to replay them here.
///
/// Idempotent: a session already here is continued from its local head (nothing is fetched
/// twice), and each page is appended with the local head as the expected one, so two pulls at
/// once cannot both store a page.
public struct SyncPull {
  /// What a pull did for one session.
  public struct Result: Sendable, Equatable {
    /// The session.
    public var id: UUID
    /// Events this pull stored.
    public var fetched: Int64
    /// The local head afterwards.
    public var head: Int64
    /// The device it came from.
    public var device: String?
  }

  /// The connection.
  public var connection: SyncConnection

  /// A pull over `connection`.
  public init(connection: SyncConnection) {
    self.connection = connection
  }

  /// The sessions the server lets this token read.
  public func sessions() async throws -> [SyncWire.Session] {
    try await connection.request("GET", "/api/sync/sessions").decoded([SyncWire.Session].self)
  }

  /// Pulls the sessions whose ids start with one of `prefixes` (all, when empty) into `log`.
  ///
  /// - Throws: ``SyncFailure`` (``SyncFailure/unknownSession(_:)`` for a prefix that names no
  ///   session, or several) or the store's error; sessions pulled before stay stored.
  public func pull(
    _ prefixes: [String], into log: any EventLog, done: (Result) -> Void = { _ in }
  ) async throws {
    let remote = try await sessions()
    var chosen = remote
    if !prefixes.isEmpty {
      chosen = try prefixes.map { prefix in
        let matches = remote.filter {
          $0.id.uuidString.lowercased().hasPrefix(prefix.lowercased())
        }
        guard matches.count == 1, let match = matches.first else {
          throw SyncFailure.unknownSession(prefix)
        }
        return match
      }
    }
    for session in chosen { done(try await pull(session, into: log)) }
  }

  /// Pulls one session.
  func pull(_ remote: SyncWire.Session, into log: any EventLog) async throws -> Result {
    var local: SessionRecord
    do {
      local = try log.session(id: remote.id)
    } catch StoreError.sessionNotFound {
      local = try log.createSession(remote.newSession(device: remote.device), id: remote.id)
    }
    let start = local.eventCount
    while true {
      let path =
        "/api/sync/sessions/\(remote.id.uuidString.lowercased())/events?after=\(local.eventCount)"
      let answer = try await connection.request("GET", path)
      guard answer.status != 404 else { throw SyncFailure.unknownSession(remote.id.uuidString) }
      let page = try answer.decoded(SyncWire.Events.self).events
      guard !page.isEmpty else { break }
      for (offset, event) in page.enumerated()
      where event.seq != local.eventCount + 1 + Int64(offset) {
        throw SyncFailure.badAnswer("the server sent event \(event.seq) out of order")
      }
      let events = page.map { NewEvent(id: $0.id, t: $0.t, action: $0.action) }
      _ = try log.append(events, to: local, expecting: local.eventCount)
      local = try log.session(id: remote.id)
    }
    return Result(
      id: remote.id, fetched: local.eventCount - start, head: local.eventCount,
      device: remote.device)
  }
}
