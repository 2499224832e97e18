import HTTPTypes
import Hummingbird

/// Refuses (403) a request whose `Host` is not one of the server's own names: a page on another
/// site that rebinds its DNS name to 127.0.0.1 still sends its own name, and is turned away.
struct HostGuard<Context: RequestContext>: RouterMiddleware {
  /// Lower-case host names without port.
  let allowed: Set<String>

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var names = request.head.authority.map { [$0] } ?? []
    names += request.headers[values: .host]
    guard !names.isEmpty, names.allSatisfy({ allowed.contains(Self.hostName($0)) }) else {
      return APIResponse.failure(.forbidden, "this server answers only to its own host name")
    }
    return try await next(request, context)
  }

  /// `Host` without its port, lower-cased: `localhost:8089` → `localhost`, `[::1]:80` → `[::1]`.
  static func hostName(_ authority: String) -> String {
    let text = authority.lowercased()
    if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
      return String(text[...end])
    }
    return String(text.split(separator: ":", maxSplits: 1).first ?? "")
  }
}
