import NIOCore
import PostgresNIO
import Sharp9Domain

/// Reads a session's events from PostgreSQL in order, a page of rows per round trip (memory stays
/// bounded by one page for any length), decoding each action with ``ActionCodec`` as the SQLite
/// cursor does.
///
/// Checks as it goes that sequence numbers are gapless and times do not go backwards, so a
/// damaged log is reported rather than replayed wrong. Pages are independent statements, which is
/// safe because stored events are never changed: appends only add rows after the head.
public final class PostgresEventPages: EventReading {
  /// Rows fetched per round trip: large enough that the round trip is a small part of a page's
  /// decoding time, small enough to keep memory flat.
  static let pageSize = 4096

  /// The session being read.
  public let session: SessionRecord
  private let connection: PostgresConnectionBridge
  private var page: [PostgresRow] = []
  private var index = 0
  /// The sequence number the next event must have.
  private var nextSeq: Int64
  private let lastSeq: Int64
  private var previousT: Double?

  /// Reads events `after + 1 ... through`.
  init(connection: PostgresConnectionBridge, session: SessionRecord, after: Int64, through: Int64) {
    self.connection = connection
    self.session = session
    nextSeq = after + 1
    lastSeq = through
  }

  /// The next event, or `nil` after the last one.
  public func next() throws -> StoredEvent? {
    guard nextSeq <= lastSeq else { return nil }
    if index == page.count { try fetchPage() }
    let seq = nextSeq
    guard index < page.count else { throw corrupt(seq, "the event is missing") }
    let row = page[index]
    index += 1
    let (storedSeq, t, bytes) = try row.decode((Int64, Double, ByteBuffer).self)
    guard storedSeq == seq else { throw corrupt(seq, "the event is missing") }
    guard t.isFinite, t >= 0 else { throw corrupt(seq, "its t (\(t)) is not a time") }
    if let previousT, t < previousT {
      throw corrupt(seq, "its t (\(t)) is before the previous event's (\(previousT))")
    }
    let action: Action
    do {
      action = try ActionCodec.decode(bytes)
    } catch {
      throw corrupt(seq, error.description)
    }
    previousT = t
    nextSeq += 1
    return StoredEvent(seq: seq, t: t, action: action)
  }

  private func fetchPage() throws {
    let limit = Int64(min(Int64(Self.pageSize), lastSeq - nextSeq + 1))
    page = try connection.query(
      """
      SELECT seq, t, action FROM events
      WHERE session_id = \(session.id) AND seq >= \(nextSeq) ORDER BY seq LIMIT \(limit)
      """, "read events of session \(session.idString)"
    ).rows
    index = 0
  }

  private func corrupt(_ seq: Int64, _ reason: String) -> StoreError {
    StoreError.corruptEvent(session: session.idString, seq: seq, reason: reason)
  }
}
