import Foundation
import HTTPTypes
import Hummingbird
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// The routes devices sync through (`sharp9 push`, `sharp9 pull`; ``SyncWire`` states the JSON),
/// each needing `Authorization: Bearer TOKEN` with a token `sharp9 tokens add` issued
/// (``DeviceAuthorization``): a device's token reads and writes only its device's sessions, a
/// reader's token reads every session and writes none.
///
/// Everything sent is untrusted: a body over its limit (``SyncWire/maxBatchBytes``, told by
/// `Content-Length` or found while reading) is 413, JSON that is not the shape is 400, events
/// that do not follow the batch's head in order are 400, and in every refused case nothing is
/// stored. Appends are idempotent by event id (``EventLog/append(_:to:expecting:)``): a retried
/// batch is acknowledged again, a partial overlap is 409.
extension InspectorServer {
  /// Where the sync routes are: outside the inspector's per-run token and host-name rules, which
  /// protect a browser; a bearer token, which no other site's page can send, protects these.
  static let syncPrefix = "/api/sync/"

  /// The largest `PUT …/sessions/{id}` body, in bytes: a title and an audio path.
  static let maxSessionBytes = 64 << 10

  func addSyncRoutes(to router: Router<some RequestContext>) {
    let library = library
    router.get("/api/sync/sessions") { request, _ in
      let token = try await DeviceAuthorization.token(of: request, in: library)
      let sessions = try await library.withLog { try $0.sessions() }
      return try APIResponse.json(
        sessions.filter(token.mayRead).map(SyncWire.Session.init))
    }
    router.get("/api/sync/sessions/:id") { request, context in
      let token = try await DeviceAuthorization.token(of: request, in: library)
      let id = try context.sessionUUID
      let session = try await library.withLog { try $0.session(id: id) }
      try token.checkRead(session)
      return try APIResponse.json(SyncWire.Session(session))
    }
    router.put("/api/sync/sessions/:id") { request, context in
      let token = try await DeviceAuthorization.token(of: request, in: library)
      try token.checkWrite()
      let id = try context.sessionUUID
      let sent = try await request.syncBody(SyncWire.Session.self, limit: Self.maxSessionBytes)
      guard sent.id == id else {
        throw APIFailure(.badRequest, "the session's id is not the one in the URL")
      }
      guard UnixMilliseconds.storable.contains(sent.startedMs) else {
        throw APIFailure(.badRequest, "startedMs is not a date")
      }
      let (session, created) = try await library.withLog { log in
        do {
          return (try log.session(id: id), false)
        } catch StoreError.sessionNotFound {
          return (try log.createSession(sent.newSession(device: token.name), id: id), true)
        }
      }
      try token.checkWrite(session)
      return try APIResponse.json(SyncWire.Session(session), status: created ? .created : .ok)
    }
    router.post("/api/sync/sessions/:id/events") { request, context in
      let token = try await DeviceAuthorization.token(of: request, in: library)
      try token.checkWrite()
      let id = try context.sessionUUID
      let batch = try await request.syncBody(SyncWire.Batch.self, limit: SyncWire.maxBatchBytes)
      let events = try Self.checked(batch)
      let outcome = try await library.withUploadLog { log in
        let session = try log.session(id: id)
        try token.checkWrite(session)
        return try log.append(events, to: session, expecting: batch.after)
      }
      return try APIResponse.json(SyncWire.Appended(outcome))
    }
    router.get("/api/sync/sessions/:id/events") { request, context in
      let token = try await DeviceAuthorization.token(of: request, in: library)
      let id = try context.sessionUUID
      let after = try request.seq("after") ?? 0
      let limit = Int64(
        min(try request.int("limit") ?? SyncWire.maxPageEvents, SyncWire.maxPageEvents))
      let events = try await library.withLog { log in
        let session = try log.session(id: id)
        try token.checkRead(session)
        guard after < session.eventCount, limit > 0 else { return [SyncWire.Event]() }
        let cursor = try log.events(
          of: session, after: after, through: min(session.eventCount, after + limit))
        var events: [SyncWire.Event] = []
        while let event = try cursor.next() {
          events.append(
            SyncWire.Event(
              id: SyncWire.eventID(session: id, seq: event.seq), seq: event.seq, t: event.t,
              action: event.action))
        }
        return events
      }
      return try APIResponse.json(SyncWire.Events(events: events))
    }
  }

  /// The batch's events, refused unless there are 1 to ``SyncWire/maxBatchEvents`` of them
  /// numbered in order from the head they follow, each with an id of its own.
  static func checked(_ batch: SyncWire.Batch) throws -> [NewEvent] {
    guard batch.after >= 0, batch.after <= UntrustedNumber.maxValue else {
      throw APIFailure(.badRequest, "after must be a whole number of events, 0 or more")
    }
    guard (1...SyncWire.maxBatchEvents).contains(batch.events.count) else {
      throw APIFailure(
        .badRequest,
        "a batch holds 1 to \(SyncWire.maxBatchEvents) events, not \(batch.events.count)")
    }
    for (offset, event) in batch.events.enumerated()
    where event.seq != batch.after + 1 + Int64(offset) {
      throw APIFailure(
        .badRequest,
        "event \(offset + 1) of the batch has seq \(event.seq), not \(batch.after + 1 + Int64(offset)):"
          + " a batch's events follow its head in order")
    }
    guard Set(batch.events.map(\.id)).count == batch.events.count else {
      throw APIFailure(.badRequest, "two events of the batch have the same id")
    }
    return batch.events.map { NewEvent(id: $0.id, t: $0.t, action: $0.action) }
  }
}

extension RequestContext {
  /// The `:id` path parameter as a full session id (sync names sessions exactly); 400 otherwise.
  var sessionUUID: UUID {
    get throws {
      let text = try parameters.require("id")
      guard let id = UUID(uuidString: text) else {
        throw APIFailure(.badRequest, "give the session's full id")
      }
      return id
    }
  }
}

extension Request {
  /// The body decoded as `Shape`: 413 over `limit` bytes (by `Content-Length`, or once read),
  /// 400 when it is not that JSON.
  func syncBody<Shape: Decodable>(_: Shape.Type, limit: Int) async throws -> Shape {
    let tooLarge = APIFailure(.contentTooLarge, "the body may be at most \(limit) bytes")
    if let length = try seq(header: .contentLength), length > limit { throw tooLarge }
    var request = self
    let body: ByteBuffer
    do {
      body = try await request.collectBody(upTo: limit)
    } catch {
      throw tooLarge
    }
    do {
      return try Interchange.decoder().decode(Shape.self, from: Data(body.readableBytesView))
    } catch {
      throw APIFailure(
        .badRequest, "the body is not the JSON this route takes (see docs/reference/sync.md)")
    }
  }
}
