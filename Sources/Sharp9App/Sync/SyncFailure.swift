import Foundation

/// Why a push or a pull did not finish: each a sentence's worth for the front end to word.
public enum SyncFailure: Error, Equatable, Sendable {
  /// The server refused the token (401: unknown or revoked; 403: not allowed this).
  case refused(status: Int, message: String)
  /// The server answered a 4xx other than those: the request was wrong and is not retried.
  case rejected(status: Int, message: String)
  /// No acknowledgement after every attempt: the network, a 5xx or a 429 (`status`, when one
  /// came).
  case unreachable(status: Int?, message: String, attempts: Int)
  /// The server holds more events of `session` than this device: they are not the same session.
  case diverged(session: String, local: Int64, remote: Int64)
  /// The server's answer is not the JSON sync speaks.
  case badAnswer(String)
  /// A session named on the command line is not among the server's, or names several.
  case unknownSession(String)
}
