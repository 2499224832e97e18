import Foundation
import Hummingbird

/// Turns what a route throws into its status and `{"error": "…"}` by ``APIErrorAnswer``; when the
/// fault is the database's or the server's, the details (SQL, paths) go to the server's log on
/// standard error, never into the body.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let answer = APIErrorAnswer(error)
      if answer.logged {
        context.logger.error(
          "\(request.method) \(request.uri.path): \(answer.status.code): \(Self.details(error))")
      }
      return APIResponse.failure(answer.status, answer.message)
    }
  }

  /// What the log says about `error`: its own description, the underlying one for an upload.
  private static func details(_ error: any Error) -> String {
    if let upload = error as? UploadFailure { return "upload: \(upload.underlying)" }
    if let changed = error as? DatabaseFile.Changed {
      return "\(changed.path) no longer names the database file opened at start"
    }
    return "\(error)"
  }
}
