import ArgumentParser
import Foundation
import Sharp9App

/// The token and retry options of `sharp9 push` and `sharp9 pull`.
struct SyncOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The token `sharp9 tokens add` printed (default: $SHARP9_TOKEN).", valueName: "token"))
  var token: String?

  @Option(help: "How many times a request is sent at most, backing off after each failure.")
  var attempts = 8

  func validate() throws {
    guard (1...100).contains(attempts) else {
      throw ValidationError("--attempts must be 1…100, not \(attempts)")
    }
  }

  /// The connection to `server`.
  ///
  /// - Throws: ``CommandFailure`` (64) for a URL that is not http(s)://HOST[:PORT] or a missing
  ///   token.
  func connection(to server: String, option: String) throws -> SyncConnection {
    guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host != nil
    else {
      throw CommandFailure(
        .usage, "invalid \(option) \(server): give the server's URL, e.g. http://HOST:8089")
    }
    let environment = ProcessInfo.processInfo.environment["SHARP9_TOKEN"]
    guard let token = token ?? environment, !token.isEmpty else {
      throw CommandFailure(
        .usage, "no token: give --token TOKEN (or set SHARP9_TOKEN), from `sharp9 tokens add`")
    }
    return SyncConnection(server: url, token: token, retry: SyncRetry(attempts: attempts))
  }
}

extension SyncFailure {
  /// The command's failure: its exit status and one line.
  func commandFailure(_ what: String) -> CommandFailure {
    switch self {
    case .refused(let status, let message):
      CommandFailure(
        .noPermission,
        "cannot \(what): the server refused the token (\(status): \(message)). "
          + (status == 401
            ? "Ask the server's admin for a token (`sharp9 tokens add`)"
            : "Use the token of the device that owns the session"))
    case .rejected(let status, let message):
      CommandFailure(
        .badData, "cannot \(what): the server refused the request (\(status): \(message))")
    case .unreachable(let status, let message, let attempts):
      CommandFailure(
        .temporary,
        "cannot \(what): no acknowledgement after \(attempts) attempts (\(status.map { "\($0): " } ?? "")\(message))."
          + " Retry later: what was acknowledged stays")
    case .diverged(let session, let local, let remote):
      CommandFailure(
        .badData,
        "cannot \(what): the server holds \(remote) events of session \(session), this device"
          + " \(local): they are not the same session")
    case .badAnswer(let message):
      CommandFailure(.unavailable, "cannot \(what): \(message)")
    case .unknownSession(let prefix):
      CommandFailure(
        .noInput,
        "cannot \(what): the server has no one session whose id starts with \"\(prefix)\" that"
          + " this token may read")
    }
  }
}
