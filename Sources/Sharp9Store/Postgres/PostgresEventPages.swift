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
  /// The rest of the current page (see ``fetchPage()``).
  private var page = ByteBuffer()
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
    if page.readableBytes == 0 { try fetchPage() }
    let seq = nextSeq
    guard let bits = page.readInteger(as: UInt64.self),
      let length = page.readInteger(as: Int32.self),
      let bytes = page.readSlice(length: Int(length))
    else { throw corrupt(seq, "the event is missing") }
    let t = Double(bitPattern: bits)
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

  /// Fetches the next page as one value: the server concatenates each event's `t` (8 bytes,
  /// big-endian bits), its action's length (4 bytes, big-endian) and its action bytes, so the
  /// client decodes a page as SQLite's cursor decodes a chunk, instead of paying postgres-nio's
  /// per-row cost for every event (measured: it was most of a replay's time).
  private func fetchPage() throws {
    // A closed range rather than LIMIT: without statistics (right after a bulk import) the
    // planner would otherwise scan and sort every event after nextSeq for each page.
    let limit = Int64(min(Int64(Self.pageSize), lastSeq - nextSeq + 1))
    let rows = try connection.query(
      """
      SELECT count(*), coalesce(min(seq), 0), coalesce(max(seq), 0),
        coalesce(string_agg(float8send(t) || int4send(length(action)) || action, ''::bytea
          ORDER BY seq), ''::bytea)
      FROM (
        SELECT seq, t, action FROM events
        WHERE session_id = \(session.id) AND seq BETWEEN \(nextSeq) AND \(nextSeq + limit - 1)
      ) AS page
      """, "read events of session \(session.idString)")
    guard let row = rows.first else { throw corrupt(nextSeq, "the event is missing") }
    let (count, first, last, blob) = try row.decode((Int64, Int64, Int64, ByteBuffer).self)
    // Gapless from nextSeq: a page that starts later or skips a number is missing events.
    guard count > 0, first == nextSeq, last - first + 1 == count else {
      throw corrupt(count > 0 && first == nextSeq ? first + count : nextSeq, "the event is missing")
    }
    page = blob
  }

  private func corrupt(_ seq: Int64, _ reason: String) -> StoreError {
    StoreError.corruptEvent(session: session.idString, seq: seq, reason: reason)
  }
}
