/// The statements that read and write `event_chunks` rows for writers (readers use
/// ``EventCursor``): one place for the SQL of the chunk table.
enum ChunkRows {
  /// Inserts `chunk` as a new row of session `sessionPK`.
  ///
  /// - Throws: ``SQLiteError`` (a unique violation when another writer stored a chunk starting at
  ///   the same sequence number first).
  static func insert(_ chunk: EventChunkBuilder, session sessionPK: Int64, into database: Database)
    throws
  {
    let insert = try database.cached(
      "INSERT INTO event_chunks (session_pk, first_seq, count, events) VALUES (?, ?, ?, ?)")
    try insert.bind(sessionPK, at: 1)
    try insert.bind(chunk.firstSeq, at: 2)
    try insert.bind(Int64(chunk.count), at: 3)
    try insert.bind(chunk.blob, at: 4)
    try insert.run()
  }

  /// Rewrites the stored row of `chunk` if it still holds `storedCount` events: a
  /// compare-and-set, so a writer working from a stale tail changes nothing.
  ///
  /// - Returns: whether the row was rewritten.
  static func update(
    _ chunk: EventChunkBuilder, storedCount: Int, session sessionPK: Int64, in database: Database
  ) throws -> Bool {
    let update = try database.cached(
      """
      UPDATE event_chunks SET count = ?, events = ?
      WHERE session_pk = ? AND first_seq = ? AND count = ?
      """)
    try update.bind(Int64(chunk.count), at: 1)
    try update.bind(chunk.blob, at: 2)
    try update.bind(sessionPK, at: 3)
    try update.bind(chunk.firstSeq, at: 4)
    try update.bind(Int64(storedCount), at: 5)
    try update.run()
    return database.changes == 1
  }

  /// The stored chunk holding event `seq` of session `sessionPK`, cut after `seq` (events a
  /// concurrent writer added since are left out, so extending it conflicts), or `nil` when no
  /// chunk holds `seq`.
  static func chunk(holding seq: Int64, session sessionPK: Int64, in database: Database) throws
    -> EventChunkBuilder?
  {
    let select = try database.cached(
      """
      SELECT first_seq, count, events FROM event_chunks
      WHERE session_pk = ? AND first_seq <= ? ORDER BY first_seq DESC LIMIT 1
      """)
    try select.bind(sessionPK, at: 1)
    try select.bind(seq, at: 2)
    return try select.firstRow { row throws -> EventChunkBuilder? in
      let firstSeq = row.int64(0)
      let (end, overflow) = firstSeq.addingReportingOverflow(row.int64(1))
      guard !overflow, seq < end else { return nil }
      let kept = Int(seq - firstSeq + 1)
      return try row.withBlob(2) { (blob) throws(ActionCodec.DecodingError) in
        var reader = try EventChunkReader(blob)
        for _ in 0..<kept { try reader.skip() }
        return EventChunkBuilder(
          firstSeq: firstSeq, count: kept, blob: Array(blob.prefix(reader.position)))
      }
    } ?? nil
  }
}
