import Foundation
import NIOCore
import PostgresNIO

extension PostgresStore {
  /// Keeps `token` with the SHA-256 of its secret (as ``EventStore/addDeviceToken(_:hash:)``).
  public func addDeviceToken(_ token: DeviceToken, hash: Data) throws {
    try DeviceToken.check(name: token.name)
    let result = try connection.query(
      """
      INSERT INTO device_tokens (name, token_sha256, reader, created_ms)
      VALUES (\(token.name), \(ByteBuffer(bytes: hash)), \(token.access == .reader),
        \(token.createdAt.value))
      ON CONFLICT DO NOTHING
      """, "add token \(token.name)")
    guard result.metadata.rows == 1 else { throw StoreError.deviceTokenExists(token.name) }
  }

  /// Forgets the token `name` (as ``EventStore/revokeDeviceToken(named:)``).
  public func revokeDeviceToken(named name: String) throws {
    let result = try connection.query(
      "DELETE FROM device_tokens WHERE name = \(name)", "revoke token \(name)")
    guard result.metadata.rows == 1 else { throw StoreError.deviceTokenNotFound(name) }
  }

  /// Every token, by name.
  public func deviceTokens() throws -> [DeviceToken] {
    try connection.query(
      "SELECT name, reader, created_ms FROM device_tokens ORDER BY name", "list tokens"
    ).map(Self.deviceToken)
  }

  /// The token whose secret has SHA-256 `hash`, or nil.
  public func deviceToken(hash: Data) throws -> DeviceToken? {
    try connection.query(
      """
      SELECT name, reader, created_ms FROM device_tokens
      WHERE token_sha256 = \(ByteBuffer(bytes: hash))
      """, "look a token up"
    ).first.map(Self.deviceToken)
  }

  private static func deviceToken(_ row: PostgresRow) throws -> DeviceToken {
    let (name, reader, created) = try row.decode((String, Bool, Int64).self)
    return DeviceToken(
      name: name, access: reader ? .reader : .device, createdAt: UnixMilliseconds(value: created))
  }
}
