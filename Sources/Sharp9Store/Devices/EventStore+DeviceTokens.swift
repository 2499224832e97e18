import Foundation

extension EventStore {
  /// Keeps `token` with the SHA-256 of its secret.
  ///
  /// - Throws: ``StoreError/invalidDeviceName(_:)``, ``StoreError/deviceTokenExists(_:)`` (the
  ///   name is taken; nothing changed) or ``SQLiteError``.
  public func addDeviceToken(_ token: DeviceToken, hash: Data) throws {
    try DeviceToken.check(name: token.name)
    let insert = try database.cached(
      """
      INSERT OR IGNORE INTO device_tokens (name, token_sha256, reader, created_ms)
      VALUES (?, ?, ?, ?)
      """)
    try insert.bind(token.name, at: 1)
    try insert.bind(Array(hash), at: 2)
    try insert.bind(Int64(token.access == .reader ? 1 : 0), at: 3)
    try insert.bind(token.createdAt.value, at: 4)
    try insert.run()
    guard database.changes == 1 else { throw StoreError.deviceTokenExists(token.name) }
  }

  /// Forgets the token `name`: requests carrying it are refused from now on.
  ///
  /// - Throws: ``StoreError/deviceTokenNotFound(_:)`` or ``SQLiteError``.
  public func revokeDeviceToken(named name: String) throws {
    let delete = try database.cached("DELETE FROM device_tokens WHERE name = ?")
    try delete.bind(name, at: 1)
    try delete.run()
    guard database.changes == 1 else { throw StoreError.deviceTokenNotFound(name) }
  }

  /// Every token, by name.
  public func deviceTokens() throws -> [DeviceToken] {
    let select = try database.cached(
      "SELECT name, reader, created_ms FROM device_tokens ORDER BY name")
    var tokens: [DeviceToken] = []
    while try select.step() { tokens.append(Self.deviceToken(select)) }
    return tokens
  }

  /// The token whose secret has SHA-256 `hash`, or nil.
  public func deviceToken(hash: Data) throws -> DeviceToken? {
    let select = try database.cached(
      "SELECT name, reader, created_ms FROM device_tokens WHERE token_sha256 = ?")
    try select.bind(Array(hash), at: 1)
    return try select.firstRow(Self.deviceToken)
  }

  private static func deviceToken(_ row: Statement) -> DeviceToken {
    DeviceToken(
      name: row.text(0) ?? "", access: row.int64(1) == 1 ? .reader : .device,
      createdAt: UnixMilliseconds(value: row.int64(2)))
  }
}
