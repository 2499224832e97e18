import Foundation
import HTTPTypes
import Hummingbird
import Sharp9Store

/// Who a sync request comes from: the device token of its `Authorization: Bearer TOKEN`,
/// looked up by its SHA-256 (the store keeps no token), and what that token may do.
///
/// A request without a token, with another scheme, or with a token the store does not know (never
/// issued, or revoked) is 401; a token that may not do what is asked is 403.
struct DeviceAuthorization: Sendable {
  /// The token's name: the device's.
  var name: String
  /// What it may do.
  var access: DeviceAccess

  /// The token `request` carries, as the store knows it.
  static func token(of request: Request, in library: SessionLibrary) async throws
    -> DeviceAuthorization
  {
    let refused = APIFailure(
      .unauthorized,
      "sync needs Authorization: Bearer TOKEN, with a token `sharp9 tokens add` issued")
    guard let field = request.headers[.authorization], field.hasPrefix("Bearer ") else {
      throw refused
    }
    let secret = field.dropFirst("Bearer ".count)
    // A token is 64 hex digits: anything else is refused before the store is asked.
    guard secret.utf8.count == 64, secret.allSatisfy(\.isHexDigit) else { throw refused }
    let hash = DeviceSecret.hash(String(secret))
    guard let token = try await library.withLog({ try $0.deviceToken(hash: hash) }) else {
      throw APIFailure(.unauthorized, "the token is not one this server issued, or it was revoked")
    }
    return DeviceAuthorization(name: token.name, access: token.access)
  }

  /// Whether the token may read `session`: a reader's reads all, a device's its own.
  func mayRead(_ session: SessionRecord) -> Bool {
    access == .reader || session.device == name
  }

  /// Throws 403 unless the token may read `session`.
  func checkRead(_ session: SessionRecord) throws {
    guard mayRead(session) else { throw Self.notYours(session) }
  }

  /// Throws 403 unless the token may write at all (a device's).
  func checkWrite() throws {
    guard access == .device else {
      throw APIFailure(.forbidden, "a reader's token reads sessions and writes none")
    }
  }

  /// Throws 403 unless the token may write `session` (its device's own).
  func checkWrite(_ session: SessionRecord) throws {
    try checkWrite()
    guard session.device == name else { throw Self.notYours(session) }
  }

  private static func notYours(_ session: SessionRecord) -> APIFailure {
    APIFailure(.forbidden, "session \(session.idString) belongs to another device")
  }
}
