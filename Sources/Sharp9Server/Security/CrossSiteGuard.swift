import HTTPTypes
import Hummingbird

/// Refuses (403) a request to `/api/` that another site's page made: any page can point an
/// `<audio>`, `<img>` or `fetch` at `http://127.0.0.1:8089/api/…` and make the server render,
/// replay or export, even where it cannot read the answer.
///
/// Refused: `Sec-Fetch-Site` present and neither `same-origin` nor `none` (typed into the address
/// bar); `Origin` present and not the server's own (`http://`, an allowed host name, the bound
/// port). The inspector's own pages are same-origin and pass; a client that sends neither header
/// (curl, the CLI's users) passes. Pages themselves may still be opened from a link elsewhere.
struct CrossSiteGuard<Context: RequestContext>: RouterMiddleware {
  /// Lower-case host names an `Origin` may carry.
  let allowed: Set<String>
  /// The port the server listens on, once known.
  let port: BoundPort

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
    if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" {
      return APIResponse.failure(
        .forbidden, "the API answers only the inspector's own pages, not another site's")
    }
    if let origin = request.headers[.origin], !isOwn(origin: origin, request: request) {
      return APIResponse.failure(
        .forbidden, "the API answers only the inspector's own pages, not another site's")
    }
    return try await next(request, context)
  }

  /// Whether `origin` is this server: http, an allowed name, and the bound port (or, before the
  /// port is known, the port the request's `Host` names).
  func isOwn(origin: String, request: Request) -> Bool {
    guard let sent = Authority(origin: origin), allowed.contains(sent.name) else { return false }
    let host = (request.headers[.host] ?? request.head.authority).flatMap { Authority($0) }
    let expected = port.value ?? host?.port ?? 80
    return (sent.port ?? 80) == expected
  }
}
