import Foundation
import Hummingbird
import Sharp9Store

/// Turns what the libraries throw into statuses and `{"error": "…"}`: an unknown session is 404,
/// an event out of range 400, a refused bundle 422; anything else 500 with the error's text.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let failure as APIFailure {
      return APIResponse.failure(failure.status, failure.message)
    } catch let error as any HTTPResponseError {
      return APIResponse.failure(error.status, "\(error)")
    } catch let error as StoreError {
      return APIResponse.failure(Self.status(of: error), error.description)
    } catch let error as BundleError {
      return APIResponse.failure(.unprocessableContent, error.description)
    } catch let error as UntrustedBundle.Problem {
      return APIResponse.failure(.unprocessableContent, "bundle refused: \(error)")
    } catch {
      return APIResponse.failure(.internalServerError, "\(error)")
    }
  }

  static func status(of error: StoreError) -> HTTPResponse.Status {
    switch error {
    case .sessionNotFound: .notFound
    case .ambiguousSession, .sequenceOutOfRange, .invalidTime, .timeBeyondDates, .noActions:
      .badRequest
    case .conflict: .conflict
    case .databaseMissing, .corruptEvent: .internalServerError
    }
  }
}
