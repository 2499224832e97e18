import Foundation
import HTTPTypes
import Hummingbird
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// The read-only JSON routes: sessions, state, events, the event index, search, history, verify,
/// check.
extension InspectorServer {
  func addAPIRoutes(to router: Router<some RequestContext>) {
    let library = library
    router.get("/api/sessions") { _, _ in
      // `sessions --json`'s lines as one array.
      let sessions = try await library.withLog { try $0.sessions() }
      return APIResponse.json(
        "["
          + (try sessions.map { try ReportJSON.line(ReportJSON.Session($0)) }).joined(
            separator: ",")
          + "]\n")
    }
    router.get("/api/sessions/:id") { _, context in
      try APIResponse.line(ReportJSON.Session(try await library.session(context.id)))
    }
    router.get("/api/sessions/:id/state") { request, context in
      let (id, at) = (try context.id, try request.seq("at"))
      let text = try await library.withLog { log in
        let session = try log.session(matching: id)
        return try StateCodec().interchangeJSON(try log.state(of: session, at: at))
      }
      return APIResponse.json(text + "\n")  // `state --json` prints one line
    }
    router.get("/api/sessions/:id/events") { request, context in
      let id = try context.id
      let from = try request.seq("from") ?? 1
      let limit = min(try request.int("limit") ?? 200, 5000)
      let kinds = try request.kinds()
      let rows = try await library.withLog { store in
        try EventPages.page(
          of: try store.session(matching: id), in: store, from: from, limit: limit, kinds: kinds)
      }
      return try APIResponse.json(rows)
    }
    router.get("/api/sessions/:id/index") { _, context in
      let (index, complete) = try await library.eventIndex(try context.id)
      return APIResponse.bytes(
        index.bytes, type: "application/octet-stream",
        headers: [
          .sharp9Kinds: Action.Kind.allCases.map(\.rawValue).joined(separator: ","),
          // `partial`: no changed bits yet (the replay runs); ask again for them.
          .sharp9Index: complete ? "complete" : "partial",
        ])
    }
    router.get("/api/sessions/:id/times") { _, context in
      // Float32, little-endian, one per event: what a page needs to find the event at a time.
      // One pass into one buffer: a million small arrays took a second and a half.
      let times = try await library.eventIndex(try context.id).index.times
      let words = times.map { $0.bitPattern.littleEndian }
      return APIResponse.bytes(
        words.withUnsafeBytes { Array($0) }, type: "application/octet-stream")
    }
    router.get("/api/sessions/:id/search") { request, context in
      // One byte per event, 1 where `q` is in its summary or kind: the page filters with it.
      let query = request.uri.queryParameters["q"].map(String.init) ?? ""
      let session = try await library.session(try context.id)
      let bytes = try await library.withOwnLog { store in
        try EventPages.matches(of: session, in: store, query: query)
      }
      return APIResponse.bytes(bytes, type: "application/octet-stream")
    }
    router.get("/api/sessions/:id/history") { request, context in
      let (id, at) = (try context.id, try request.seq("at"))
      let history = try await library.withLog { store in
        let session = try store.session(matching: id)
        return ReportJSON.History(try store.editTimeline(of: session, at: at), session: session)
      }
      return try APIResponse.line(history)
    }
    router.get("/api/sessions/:id/verify") { _, context in
      let session = try await library.session(try context.id)
      let report = try await library.withOwnLog { try $0.verify(session) }
      return try APIResponse.line(ReportJSON.Verify(report))
    }
    router.get("/api/sessions/:id/check") { _, context in
      let session = try await library.session(try context.id)
      let report = try await library.withOwnLog { try $0.check(session) }
      return try APIResponse.line(ReportJSON.Check(report))
    }
    router.get("/api/sessions/:id/export.jsonl") { _, context in
      let session = try await library.session(try context.id)
      let text = try await library.withOwnLog { store in
        var text = ""
        try store.exportScript(session) { text += $0 }
        return text
      }
      return APIResponse.bytes(
        Array(text.utf8), type: "application/x-ndjson",
        headers: [.contentDisposition: "attachment; filename=\"\(session.idString).jsonl\""])
    }
  }
}

extension RequestContext {
  /// The `:id` path parameter: a session id or a unique prefix of at least 4 characters
  /// (``InspectorServer/minimumIDPrefix``, the CLI's rule for `delete`: one character could
  /// name a session by accident); 400 when shorter.
  var id: String {
    get throws {
      let id = try parameters.require("id")
      let shortest = InspectorServer.minimumIDPrefix
      guard id.count >= shortest else {
        throw APIFailure(
          .badRequest, "give at least \(shortest) characters of the session id, not \(id.count)")
      }
      return id
    }
  }
}

extension InspectorServer {
  /// The shortest session id prefix the API accepts.
  static let minimumIDPrefix = 4
}

extension Request {
  /// A whole-number query parameter (``UntrustedNumber``); nil when absent, 400 when present but
  /// not a number in `0...2^53`.
  func int(_ name: String) throws -> Int? {
    guard let text = uri.queryParameters[name[...]] else { return nil }
    return Int(try UntrustedNumber.parse(text, name: name))
  }

  /// An event sequence number query parameter, by the same rule.
  func seq(_ name: String) throws -> Int64? {
    try int(name).map(Int64.init)
  }

  /// A whole-number header (such as `Last-Event-ID`), by the same rule.
  func seq(header name: HTTPField.Name) throws -> Int64? {
    guard let text = headers[name] else { return nil }
    return try UntrustedNumber.parse(text, name: name.rawName)
  }

  /// `kinds=tick,setA`: the action kinds to keep (nil: all); 400 for an unknown kind.
  func kinds() throws -> Set<Action.Kind>? {
    guard let text = uri.queryParameters["kinds"], !text.isEmpty else { return nil }
    return Set(
      try text.split(separator: ",").map { name in
        guard let kind = Action.Kind(rawValue: String(name)) else {
          throw APIFailure(.badRequest, "unknown action kind \(name)")
        }
        return kind
      })
  }
}
