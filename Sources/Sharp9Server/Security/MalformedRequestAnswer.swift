import NIOCore
import NIOHTTP1

/// Answers 400 with a sentence, and closes the connection, where the WebSocket upgrade channel
/// (`sharp9 app`) would answer nothing: a request HTTP/1 cannot parse (a request target that is
/// no URL, a broken header), which Hummingbird's plain channel answers through NIO's
/// `HTTPServerProtocolErrorHandler` but the upgrade channel turns that off; and a first request
/// asking for an upgrade that is not the page's WebSocket (another protocol, a `POST`, a missing
/// key or version, no `Connection: Upgrade`), which NIO's upgrade handler met by closing at once,
/// holding the connection silent, or upgrading without the `Connection` header.
///
/// Only a connection's first request can be upgraded, so only it is looked at; later reads pass
/// untouched (not even unwrapped: after an upgrade they are WebSocket bytes). A parse error after
/// the first request may come while an answer is being written, so the connection is just closed.
final class MalformedRequestAnswer: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// The path the upgrade is for.
  let socketPath: String
  private var sawRequest = false
  /// The first request was refused: what else it sends is dropped until the connection closes.
  private var refused = false

  init(socketPath: String) {
    self.socketPath = socketPath
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if refused { return }
    if !sawRequest {
      sawRequest = true
      if case .head(let head) = unwrapInboundIn(data), !isAcceptable(head) {
        refused = true
        answer(context, "only \(socketPath) is upgraded, to the page's WebSocket")
        return
      }
    }
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard error is HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    if sawRequest {
      context.close(promise: nil)
    } else {
      answer(context, "the request is not HTTP/1.1 that sharp9 can read")
    }
  }

  /// Whether `head` asks for no upgrade, or for exactly the page's WebSocket.
  func isAcceptable(_ head: HTTPRequestHead) -> Bool {
    let upgrade = head.headers[canonicalForm: "upgrade"].map { $0.lowercased() }
    guard !upgrade.isEmpty else { return true }
    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    return upgrade == ["websocket"] && head.method == .GET && path == socketPath
      && head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
      && head.headers["sec-websocket-key"].count == 1
      && head.headers["sec-websocket-version"] == ["13"]
  }

  private func answer(_ context: ChannelHandlerContext, _ sentence: String) {
    var body = context.channel.allocator.buffer(capacity: sentence.utf8.count + 16)
    body.writeString(#"{"error":"\#(sentence)"}"#)
    let head = HTTPResponseHead(
      version: .http1_1, status: .badRequest,
      headers: [
        "Connection": "close", "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(body.readableBytes),
      ])
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    context.close(promise: nil)
  }
}
