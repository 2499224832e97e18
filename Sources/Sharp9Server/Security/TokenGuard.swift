import HTTPTypes
import Hummingbird

/// Refuses (403) a request that could change something (any method but GET and HEAD) unless it
/// carries the per-run token in `X-Sharp9-Token`. A header, not a cookie or a query: a form or
/// link on another site cannot set it.
struct TokenGuard<Context: RequestContext>: RouterMiddleware {
  let token: String

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // Sync requests carry a device's bearer token instead (``DeviceAuthorization``).
    if request.method == .get || request.method == .head
      || request.uri.path.hasPrefix(InspectorServer.syncPrefix)
    {
      return try await next(request, context)
    }
    guard let sent = request.headers[.sharp9Token], Self.same(sent, token) else {
      return APIResponse.failure(.forbidden, "a change needs the token of the URL serve printed")
    }
    return try await next(request, context)
  }

  /// Compares without stopping at the first difference, so timing tells nothing of the token.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
