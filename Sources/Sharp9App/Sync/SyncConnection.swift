import Foundation
import Sharp9Domain

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A device's connection to a sync server: its URL, its token, and how requests are sent and
/// retried (``SyncRetry``). Every request of push and pull goes through ``request(_:_:body:)``.
public struct SyncConnection: Sendable {
  /// The server, e.g. `http://127.0.0.1:8089`.
  public var server: URL
  /// The device's (or a reader's) token.
  public var token: String
  /// When a request is sent again.
  public var retry: SyncRetry
  /// How requests go out.
  public var transport: any SyncTransport

  /// Creates a connection.
  public init(
    server: URL, token: String, retry: SyncRetry = SyncRetry(),
    transport: any SyncTransport = URLSessionTransport()
  ) {
    self.server = server
    self.token = token
    self.retry = retry
    self.transport = transport
  }

  /// An answer: its status and body.
  struct Answer {
    var status: Int
    var body: Data

    /// The body decoded as `Shape`, or ``SyncFailure/badAnswer(_:)``.
    func decoded<Shape: Decodable>(_: Shape.Type) throws -> Shape {
      do {
        return try Interchange.decoder().decode(Shape.self, from: body)
      } catch {
        throw SyncFailure.badAnswer("the server's answer is not sync's JSON (status \(status))")
      }
    }
  }

  /// Sends `method path` with `body`, again after a network error, a 5xx or a 429 as ``retry``
  /// says; returns the first answer that is 2xx, or 404 (which callers tell apart).
  ///
  /// - Throws: ``SyncFailure``: refused (401, 403), rejected (another 4xx), unreachable (every
  ///   attempt failed).
  func request(_ method: String, _ path: String, body: Data? = nil) async throws -> Answer {
    guard let url = URL(string: path, relativeTo: server) else {
      throw SyncFailure.rejected(status: 0, message: "\(path) makes no URL with \(server)")
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    var generator = SystemRandomNumberGenerator()
    var last: (status: Int?, message: String) = (nil, "")
    for attempt in 0..<retry.attempts {
      if attempt > 0 {
        try await Task.sleep(for: retry.delay(after: attempt - 1, using: &generator))
      }
      let status: Int
      let data: Data
      do {
        (status, data) = try await transport.send(request)
      } catch let error as URLError {
        last = (nil, Self.describe(error))
        continue
      }
      if (200..<300).contains(status) || status == 404 { return Answer(status: status, body: data) }
      let message = Self.errorMessage(data) ?? "status \(status)"
      if SyncRetry.isRetryable(status: status) {
        last = (status, message)
        continue
      }
      if status == 401 || status == 403 {
        throw SyncFailure.refused(status: status, message: message)
      }
      throw SyncFailure.rejected(status: status, message: message)
    }
    throw SyncFailure.unreachable(
      status: last.status, message: last.message, attempts: retry.attempts)
  }

  /// The sentence of an `{"error": "…"}` body.
  private static func errorMessage(_ body: Data) -> String? {
    struct Failure: Decodable { var error: String }
    return try? JSONDecoder().decode(Failure.self, from: body).error
  }

  private static func describe(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "the connection was refused"
    case .timedOut: "the server did not answer in time"
    case .cannotFindHost, .dnsLookupFailed: "the server's name is not known"
    case .networkConnectionLost: "the connection was lost"
    case .notConnectedToInternet: "there is no network"
    default: "the network failed (\(error.code.rawValue))"
    }
  }
}
