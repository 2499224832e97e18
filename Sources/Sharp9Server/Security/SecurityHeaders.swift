import HTTPTypes
import Hummingbird

/// Adds `X-Content-Type-Options: nosniff` and the pages' Content-Security-Policy
/// (``AssetRoutes/contentSecurityPolicy``) to every response the router makes, API answers and
/// refusals included: a browser never guesses a type for a body, and an answer opened as a page
/// runs nothing.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.contentSecurityPolicy] = AssetRoutes.contentSecurityPolicy
    return response
  }
}
