import Sharp9Domain

/// Reads a session's events in order, one row at a time (memory stays flat for any length).
///
/// Checks as it goes that sequence numbers are gapless, so a damaged log is reported rather than
/// silently replayed wrong. Holds a read transaction until it is exhausted or released.
public final class EventCursor {
  /// The session being read.
  public let session: SessionRecord
  private let statement: Statement
  private var expectedSeq: Int64
  private let lastSeq: Int64

  /// Reads events `after + 1 ... through`.
  init(store: EventStore, session: SessionRecord, after: Int64, through: Int64) throws {
    self.session = session
    statement = try store.database.prepare(
      "SELECT seq, t, action FROM events WHERE session_pk = ? AND seq > ? AND seq <= ? ORDER BY seq"
    )
    try statement.bind(session.pk, at: 1)
    try statement.bind(after, at: 2)
    try statement.bind(through, at: 3)
    expectedSeq = after + 1
    lastSeq = through
  }

  /// The next event, or `nil` after the last one.
  public func next() throws -> StoredEvent? {
    guard try statement.step() else {
      guard expectedSeq > lastSeq else { throw corrupt(expectedSeq, "the event is missing") }
      return nil
    }
    let seq = statement.int64(0)
    guard seq == expectedSeq else { throw corrupt(expectedSeq, "the event is missing") }
    expectedSeq += 1
    let action: Action
    do {
      action = try statement.withBlob(2) { (bytes) throws(ActionCodec.DecodingError) in
        try ActionCodec.decode(bytes)
      }
    } catch {
      throw corrupt(seq, error.description)
    }
    return StoredEvent(seq: seq, t: statement.double(1), action: action)
  }

  private func corrupt(_ seq: Int64, _ reason: String) -> StoreError {
    StoreError.corruptEvent(session: session.idString, seq: seq, reason: reason)
  }
}
