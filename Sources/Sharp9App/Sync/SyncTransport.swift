import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request and returns the status and body: what push and pull need of HTTP,
/// so tests can lose an acknowledgement or a connection on purpose.
public protocol SyncTransport: Sendable {
  /// Sends `request`; throws `URLError` when no answer came (the network, a refused connection,
  /// a timeout).
  func send(_ request: URLRequest) async throws -> (status: Int, body: Data)
}

/// The transport over Foundation's `URLSession` (libcurl on Linux): on every platform Swift
/// runs on, with no package to build.
public struct URLSessionTransport: SyncTransport {
  private let session: URLSession

  /// A transport whose requests time out after `timeout` seconds without progress.
  public init(timeout: TimeInterval = 60) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    session = URLSession(configuration: configuration)
  }

  /// Sends `request` and waits for the whole answer.
  public func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
    let (body, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    return (http.statusCode, body)
  }
}
