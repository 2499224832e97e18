import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Makes the host of an absolute-form request line (`GET http://evil.com/ HTTP/1.1`) the
/// request's `Host`, as RFC 9112 §3.2.2 says a server must, so ``HostGuard`` checks it: the
/// conversion to HTTP types keeps only the path and would answer with the `Host` header's name.
/// A request target that is neither a path nor `scheme://authority…` gets an empty `Host`, which
/// is refused.
final class AbsoluteFormHost: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var part = unwrapInboundIn(data)
    if case .head(var head) = part, let host = Self.host(ofTarget: head.uri) {
      head.headers.replaceOrAdd(name: "Host", value: host)
      part = .head(head)
    }
    context.fireChannelRead(wrapInboundOut(part))
  }

  /// Leaves the pipeline when the connection became a WebSocket: what follows is frames, not
  /// HTTP (``GuardedHTTP1WebSocketChannel``).
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .upgradeComplete = event as? HTTPServerUpgradeEvents {
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
    context.fireUserInboundEventTriggered(event)
  }

  /// The authority of an absolute-form `target` (`http://a:1/x` → `a:1`; `""` when it has none);
  /// nil for the origin form (`/x`) and the asterisk form (`*`).
  static func host(ofTarget target: String) -> String? {
    guard !target.hasPrefix("/"), target != "*" else { return nil }
    guard let separator = target.range(of: "://") else { return "" }
    let rest = target[separator.upperBound...]
    let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    return String(rest[..<end])
  }
}

/// HTTP/1 as Hummingbird serves it, with ``AbsoluteFormHost`` ahead of the conversion to HTTP
/// types.
struct GuardedHTTP1Channel: ServerChildChannel {
  let http1: HTTP1Channel

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
    http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
      try pipeline.addHandler(AbsoluteFormHost(), position: .before(codec))
      return value
    }
  }

  func handle(value: HTTP1Channel.Value, logger: Logger) async {
    await http1.handle(value: value, logger: logger)
  }
}

/// HTTP/1 with a WebSocket upgrade (`sharp9 app`'s inputs), with ``AbsoluteFormHost`` after the
/// upgrade handler: a request that is not an upgrade passes it before the conversion to HTTP
/// types, and it leaves the pipeline when an upgrade completes. The handshake itself is decided
/// on the `Host` header by the WebSocket router's guards, which also require the token. A request
/// that does not parse is answered 400 (``MalformedRequestAnswer``).
struct GuardedHTTP1WebSocketChannel: ServerChildChannel {
  let upgrade: HTTP1WebSocketUpgradeChannel

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<
    HTTP1WebSocketUpgradeChannel.Value
  > {
    upgrade.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let upgrader = try pipeline.handler(
        type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
      try pipeline.addHandler(AbsoluteFormHost(), position: .after(upgrader))
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(
        MalformedRequestAnswer(socketPath: InspectorServer.inputSocketPath),
        position: .after(decoder))
      return value
    }
  }

  func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
    await upgrade.handle(value: value, logger: logger)
  }
}

extension HTTPServerBuilder {
  /// HTTP/1 with the absolute-form host checked (``GuardedHTTP1Channel``).
  static var guardedHTTP1: HTTPServerBuilder {
    .init { responder in GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder)) }
  }

  /// ``guardedHTTP1`` that also upgrades to a WebSocket where `webSocketRouter` says so
  /// (``GuardedHTTP1WebSocketChannel``).
  static func guardedHTTP1WebSocket(
    webSocketRouter: Router<BasicWebSocketRequestContext>
  ) -> HTTPServerBuilder {
    let sockets = webSocketRouter.buildResponder()
    return .init { responder in
      GuardedHTTP1WebSocketChannel(
        upgrade: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: sockets,
          configuration: .init(ws: .init(maxFrameSize: InspectorServer.maxInputBytes))))
    }
  }
}
