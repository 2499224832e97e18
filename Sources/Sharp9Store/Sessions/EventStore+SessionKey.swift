import Foundation

extension EventStore {
  /// The integer key the rows of `session` (events, checkpoints, practice) reference in this
  /// database. Looked up by id on every use rather than carried in ``SessionRecord``, which is the
  /// same value on every backend: a session deleted and imported again (a new key) is never read
  /// through a stale one.
  ///
  /// - Throws: ``StoreError/sessionNotFound(_:)`` when the database has no such session.
  func key(of session: SessionRecord) throws -> Int64 {
    try Self.key(of: session.id, in: database)
  }

  /// The key of session `id` in `schema` of `database` (`main`, or an attached bundle).
  static func key(of id: UUID, in database: Database, schema: String = "main") throws -> Int64 {
    let sql = "SELECT pk FROM \(schema).sessions WHERE id = ?"
    // Only the main schema's statement is kept: an attached one goes when it is detached.
    let select = try schema == "main" ? database.cached(sql) : database.prepare(sql)
    let idText = id.uuidString.lowercased()
    try select.bind(idText, at: 1)
    guard let key = try select.firstRow({ $0.int64(0) }) else {
      throw StoreError.sessionNotFound(idText)
    }
    return key
  }
}
