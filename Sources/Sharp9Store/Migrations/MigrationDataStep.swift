/// Work a migration needs that SQL cannot express, run by ``MigrationRunner`` right after the
/// migration's SQL, inside the same transaction (so a failure leaves the database as it was).
///
/// A migration names its step where it is registered (``Migration/embedded``). Each step is
/// tested on a database at the schema before it.
enum MigrationDataStep: Sendable, Equatable {
  /// 0002: the one-row-per-event table becomes chunks.
  case packEventRows

  /// Runs the step on `database`.
  func run(on database: Database) throws {
    switch self {
    case .packEventRows: try Self.packEventRows(database)
    }
  }

  /// Moves the one-row-per-event `events` table of schema 0001 into `event_chunks` (the action
  /// bytes are kept as they are) and drops it.
  ///
  /// A gap in an old log stays a gap (a new chunk starts after it), so `verify` and replay still
  /// report it instead of the migration hiding it.
  private static func packEventRows(_ database: Database) throws {
    try packRows(
      from: database.prepare(
        "SELECT session_pk, seq, t, action FROM events ORDER BY session_pk, seq"),
      into: database)
    try database.execute("DROP TABLE events")
  }

  private static func packRows(from select: Statement, into database: Database) throws {
    var sessionPK: Int64 = 0
    var chunk: EventChunkBuilder?
    while try select.step() {
      let rowSession = select.int64(0)
      let seq = select.int64(1)
      if let full = chunk,
        rowSession != sessionPK || full.nextSeq != seq || full.count >= EventChunk.defaultCapacity
      {
        try ChunkRows.insert(full, session: sessionPK, into: database)
        chunk = nil
      }
      if chunk == nil {
        chunk = EventChunkBuilder(firstSeq: seq)
        sessionPK = rowSession
      }
      select.withBlob(3) { chunk?.append(encodedAction: $0, t: select.double(2)) }
    }
    if let chunk { try ChunkRows.insert(chunk, session: sessionPK, into: database) }
  }
}
