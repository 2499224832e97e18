import HTTPTypes
import Hummingbird

/// Refuses (403) a request whose `Host` is not one of the server's own names: a page on another
/// site that rebinds its DNS name to 127.0.0.1 still sends its own name, and is turned away.
///
/// Parsing is strict (``Authority/init(_:)``): a `Host` that is not exactly a name and an
/// optional port (`127.0.0.1:80@evil.com`, `localhost:abc`, `localhost:1:2`, an empty one) is
/// refused, and so is a request with two of them. The request line's absolute form
/// (`GET http://evil.com/ HTTP/1.1`) arrives here as its `Host` (``AbsoluteFormHost``).
struct HostGuard<Context: RequestContext>: RouterMiddleware {
  /// Lower-case host names without port.
  let allowed: Set<String>

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // A sync request carries a bearer token, which a rebound page cannot send; a device reaches
    // the server by whatever name its network gives it.
    if request.uri.path.hasPrefix(InspectorServer.syncPrefix) {
      return try await next(request, context)
    }
    let fields = request.headers[values: .host]
    var names = request.head.authority.map { [$0] } ?? []
    names += fields
    guard fields.count <= 1, !names.isEmpty, names.allSatisfy(isOwn) else {
      return APIResponse.failure(.forbidden, "this server answers only to its own host name")
    }
    return try await next(request, context)
  }

  /// Whether `text` is one of the allowed names with an optional port.
  func isOwn(_ text: String) -> Bool {
    guard let authority = Authority(text) else { return false }
    return allowed.contains(authority.name)
  }

  /// `Host` without its port, lower-cased: `localhost:8089` → `localhost`, `[::1]:80` → `[::1]`;
  /// nil when it is not a host name with an optional port.
  static func hostName(_ authority: String) -> String? {
    Authority(authority)?.name
  }
}
