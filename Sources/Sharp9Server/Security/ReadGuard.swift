import HTTPTypes
import Hummingbird

/// Refuses (401) an API read without a credential when the server is bound beyond loopback
/// (`--host 0.0.0.0`, a LAN address): other machines then reach it, and other people's practice
/// history is not theirs to read. A read passes with the per-run token, in `X-Sharp9-Token` or,
/// for what a page cannot send a header with (a live stream, an `<audio>` source, a download
/// link), in the `token` query parameter; or with a reader's device token
/// (`Authorization: Bearer`, ``DeviceAuthorization``). Pages and assets carry no data and pass;
/// sync requests check their own bearer token. Bound to loopback, reads need nothing, as before:
/// only this machine reaches the server.
struct ReadGuard<Context: RequestContext>: RouterMiddleware {
  let token: String
  let library: SessionLibrary

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    guard request.method == .get || request.method == .head, path.hasPrefix("/api/"),
      !path.hasPrefix(InspectorServer.syncPrefix)
    else { return try await next(request, context) }
    let sent =
      request.headers[.sharp9Token] ?? request.uri.queryParameters["token"].map(String.init)
    if let sent, TokenGuard<Context>.same(sent, token) { return try await next(request, context) }
    if request.headers[.authorization] != nil,
      (try? await DeviceAuthorization.token(of: request, in: library))?.access == .reader
    {
      return try await next(request, context)
    }
    return APIResponse.failure(
      .unauthorized,
      "reading from another machine needs the token of the URL the server printed, or a reader's token (sharp9 tokens add NAME --reader)"
    )
  }

  /// Whether `host` (the address the server binds) is reached from this machine alone.
  static func isLoopback(_ host: String) -> Bool {
    let name = host.lowercased()
    return name == "localhost" || name == "::1" || name.hasPrefix("127.")
  }
}
