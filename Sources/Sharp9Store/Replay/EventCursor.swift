import Sharp9Domain

/// Reads a session's events in order, decoding them from their chunk rows (see ``EventChunk``)
/// one at a time: memory stays flat for any length, and each event is decoded straight from
/// SQLite's buffer of the current row. Every reader of events (replay, `state --at`, log, export,
/// diff, verify and the history tools) goes through this cursor.
///
/// Checks as it goes that sequence numbers are gapless and that every chunk holds exactly the
/// events its row claims, so a damaged log is reported rather than silently replayed wrong. Holds
/// a read transaction until it is exhausted or released.
public final class EventCursor {
  /// The session being read.
  public let session: SessionRecord
  private let statement: Statement
  /// The sequence number the next event must have.
  private var nextSeq: Int64
  private let lastSeq: Int64
  /// The current chunk, positioned at event `nextSeq`; `nil` before the first row and at the end.
  private var chunk: EventChunkReader?
  /// One past the current chunk's last sequence number.
  private var chunkEnd: Int64
  /// Set once the last event was read and the statement reset.
  private var isReleased = false
  /// The `t` of the event read before, once one was (a cursor starting mid-session has none).
  private var previousT: Double?

  /// Reads events `after + 1 ... through`.
  init(store: EventStore, session: SessionRecord, after: Int64, through: Int64) throws {
    self.session = session
    // From the chunk holding event `after + 1` (the last one starting at or below it) on.
    statement = try store.database.prepare(
      """
      SELECT first_seq, count, events FROM event_chunks
      WHERE session_pk = ?1 AND first_seq <= ?3 AND first_seq >= (
        SELECT coalesce(max(first_seq), 1) FROM event_chunks
        WHERE session_pk = ?1 AND first_seq <= ?2)
      ORDER BY first_seq
      """)
    try statement.bind(store.key(of: session), at: 1)
    try statement.bind(after + 1, at: 2)
    try statement.bind(through, at: 3)
    nextSeq = after + 1
    chunkEnd = after + 1
    lastSeq = through
  }

  /// The next event, or `nil` after the last one.
  public func next() throws -> StoredEvent? {
    guard nextSeq <= lastSeq else {
      if !isReleased { try release() }
      return nil
    }
    if nextSeq == chunkEnd { try openNextChunk() }
    let seq = nextSeq
    do {
      guard let (t, action) = try chunk?.next() else { throw corrupt(seq, "the event is missing") }
      // Every writer refuses such times, so a stored one is damage; acting on it would export a
      // script import rejects and render silence.
      guard t.isFinite, t >= 0 else { throw corrupt(seq, "its t (\(t)) is not a time") }
      if let previousT, t < previousT {
        throw corrupt(seq, "its t (\(t)) is before the previous event's (\(previousT))")
      }
      previousT = t
      nextSeq += 1
      return StoredEvent(seq: seq, t: t, action: action)
    } catch let error as ActionCodec.DecodingError {
      throw corrupt(seq, error.description)
    }
  }

  /// Steps to the row holding `nextSeq`, checking that the previous chunk ended exactly at its
  /// count and that the new one starts where it left off.
  private func openNextChunk() throws {
    if let chunk, !chunk.isAtEnd {
      throw corrupt(nextSeq - 1, "its chunk holds more events than its row says")
    }
    let isFirst = chunk == nil
    chunk = nil
    guard try statement.step() else { throw corrupt(nextSeq, "the event is missing") }
    let firstSeq = statement.int64(0)
    let count = statement.int64(1)
    // The row may come from a file from outside (a bundle): its end is computed without trapping.
    let (end, overflow) = firstSeq.addingReportingOverflow(count)
    guard count >= 1, !overflow else {
      throw corrupt(nextSeq, "its chunk's count (\(count)) is not a count")
    }
    guard firstSeq <= nextSeq, nextSeq < end else {
      throw corrupt(nextSeq, "the event is missing")
    }
    guard isFirst || firstSeq == nextSeq else { throw corrupt(firstSeq, "it is stored twice") }
    do {
      var reader = try EventChunkReader(statement.blobBuffer(2))
      for _ in firstSeq..<nextSeq { try reader.skip() }
      chunk = reader
    } catch {
      throw corrupt(nextSeq, error.description)
    }
    chunkEnd = end
  }

  /// Ends the read (SQLite's buffer of the current row goes away with it).
  private func release() throws {
    if let chunk, nextSeq == chunkEnd, !chunk.isAtEnd {
      throw corrupt(nextSeq - 1, "its chunk holds more events than its row says")
    }
    chunk = nil
    isReleased = true
    try statement.reset()
  }

  private func corrupt(_ seq: Int64, _ reason: String) -> StoreError {
    StoreError.corruptEvent(session: session.idString, seq: seq, reason: reason)
  }
}
