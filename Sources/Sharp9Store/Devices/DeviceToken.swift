import Crypto
import Foundation

/// A token a server admin issued (`sharp9 tokens add`): what the store keeps of it, never the
/// token itself (only its SHA-256, ``DeviceSecret/hash``).
public struct DeviceToken: Sendable, Equatable {
  /// The token's name, which is also the device's: sessions it uploads record it.
  public var name: String
  /// What the token may do.
  public var access: DeviceAccess
  /// When it was issued.
  public var createdAt: UnixMilliseconds

  /// Creates a token's description.
  public init(name: String, access: DeviceAccess, createdAt: UnixMilliseconds) {
    self.name = name
    self.access = access
    self.createdAt = createdAt
  }

  /// Throws ``StoreError/invalidDeviceName(_:)`` unless `name` is 1 to 64 ASCII letters,
  /// digits, `.`, `_` or `-` (it is shown in lists and pages, and sent in URLs by no one).
  public static func check(name: String) throws(StoreError) {
    let allowed = name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }
    guard (1...64).contains(name.utf8.count), allowed else { throw .invalidDeviceName(name) }
  }
}

/// What a token may do with a server's sessions.
public enum DeviceAccess: String, Sendable, Equatable, CaseIterable {
  /// A device's token: uploads sessions, and reads and writes only the sessions of its device.
  case device
  /// A reader's token: reads every session, writes none.
  case reader
}

/// A token's secret: 32 random bytes as lower-case hex, shown once when issued; the store keeps
/// its SHA-256.
public enum DeviceSecret {
  /// A new secret from the system's random generator.
  public static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    return hexString((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// The SHA-256 of `secret`'s UTF-8 bytes: what the store keeps and looks a request's token up by.
  public static func hash(_ secret: String) -> Data {
    Data(SHA256.hash(data: Data(secret.utf8)))
  }
}
