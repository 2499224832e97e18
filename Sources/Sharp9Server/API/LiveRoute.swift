import Foundation
import HTTPTypes
import Hummingbird
import Sharp9Domain
import Sharp9Store

/// `GET /api/sessions/{id}/live?after=N`: server-sent events. Every ``pollInterval`` the session's
/// event count is read; new events go out as one `events` message (a JSON array of the rows of
/// `GET …/events`, `id:` the last seq, so a reconnecting `EventSource` resumes with
/// `Last-Event-ID`). A comment line every 15 s keeps proxies from closing the stream. The stream
/// ends when the server shuts down (SIGTERM, Ctrl-C), within one poll: the server waits for open
/// responses before it exits, and a stream would otherwise be open forever.
extension InspectorServer {
  /// How often the log is polled: well under the 1 s in which a new event must show.
  static let pollInterval = Duration.milliseconds(200)

  func addLiveRoute(to router: Router<some RequestContext>) {
    let library = library
    router.get("/api/sessions/:id/live") { request, context in
      let id = try context.id
      let resume = try request.seq(header: .lastEventID)
      var after = try resume ?? request.seq("after")
      if after == nil { after = try await library.session(id).eventCount }
      let start = after ?? 0
      // Tests stop the stream after this many events; a browser never sends it.
      let stopAfter = try request.int("stopAfter")
      let body = ResponseBody { writer in
        var sent = start
        var total = 0
        var quiet = Duration.zero
        try await writer.write(ByteBuffer(string: "retry: 500\n\n"))
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
          let rows = try await library.withLog { store in
            let session = try store.session(matching: id)
            // `sent` is at most 2^53 (UntrustedNumber) and below the count here: no overflow.
            guard session.eventCount > sent else { return [APIShapes.Event]() }
            return try EventPages.page(
              of: session, in: store, from: sent + 1,
              limit: Int(min(session.eventCount - sent, 5000)), kinds: nil)
          }
          if let last = rows.last {
            sent = last.seq
            total += rows.count
            let json = try Interchange.string(rows)
            try await writer.write(
              ByteBuffer(string: "id: \(sent)\nevent: events\ndata: \(json)\n\n"))
            quiet = .zero
            if let stopAfter, total >= stopAfter { break }
            continue
          }
          try await Task.sleep(for: InspectorServer.pollInterval)
          quiet += InspectorServer.pollInterval
          if quiet >= .seconds(15) {
            try await writer.write(ByteBuffer(string: ": still here\n\n"))
            quiet = .zero
          }
        }
        try await writer.finish(nil)
      }
      return Response(
        status: .ok,
        headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
        body: body)
    }
  }
}
