import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Sharp9Domain

/// `/api/app/inputs`: the practice page's inputs over one WebSocket, the same messages as the
/// bodies of `POST /api/app/input`, answered in order with `{}` or `{"error": …, "status": N}`
/// (the sentence and status the POST would have answered).
///
/// Why a socket beside the POST: a press went through a whole HTTP request (the browser's fetch
/// machinery, a request parsed and guarded), the largest part the page added to what the terminal
/// player's key takes (docs/benchmarks/app.md). A message on an open socket skips all of it.
///
/// The handshake passes the same Host and cross-site guards as every request (a browser always
/// sends `Origin` on it), and needs the per-run token in its query, as the live stream does: a
/// page cannot give a WebSocket a header. A refused handshake is answered 400 with no body (the
/// library's answer; a browser shows a page none of it), and the page then sends by POST.
extension InspectorServer {
  /// Where the page opens the socket.
  static let inputSocketPath = "/api/app/inputs"

  /// The router that decides a WebSocket handshake: the guards, then `/api/app/inputs`; `port`
  /// is the HTTP router's, set once the server listens.
  func practiceInputRouter(host: PracticeHost, port: BoundPort)
    -> Router<BasicWebSocketRequestContext>
  {
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.add(middleware: HostGuard(allowed: configuration.allowedHostNames))
    router.add(middleware: CrossSiteGuard(allowed: configuration.allowedHostNames, port: port))
    let token = configuration.token
    router.ws(
      RouterPath(Self.inputSocketPath),
      shouldUpgrade: { request, _ in
        guard let sent = request.uri.queryParameters["token"].map(String.init),
          TokenGuard<BasicWebSocketRequestContext>.same(sent, token)
        else { return .dontUpgrade }
        return .upgrade([:])
      },
      onUpgrade: { inbound, outbound, context in
        for try await message in inbound.messages(maxSize: Self.maxInputBytes) {
          guard case .text(let text) = message else {
            try await outbound.close(.unacceptableData, reason: "send each input as JSON text")
            return
          }
          let answer: String
          do {
            try await take(ByteBuffer(string: text), host: host)
            answer = "{}"
          } catch {
            let refused = APIErrorAnswer(error)
            if refused.logged {
              context.logger.error("\(Self.inputSocketPath): \(refused.status.code): \(error)")
            }
            answer =
              (try? Interchange.string(
                InputRefusal(error: refused.message, status: Int(refused.status.code)))) ?? "{}"
          }
          try await outbound.write(.text(answer))
        }
      })
    return router
  }

  /// The answer to an input the session did not take.
  private struct InputRefusal: Encodable {
    var error: String
    var status: Int
  }
}
