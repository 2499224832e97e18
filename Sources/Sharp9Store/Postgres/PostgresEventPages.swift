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
///
/// While the client decodes and folds one page, the server makes the next: each page's statement
/// is sent as soon as the page before it arrives, from the second page on (two pages in memory
/// at most). A replay's two
/// halves (about 0.5 µs per event on the server, 0.2 in the client) then run on two cores
/// side by side instead of taking turns.
public final class PostgresEventPages: EventReading {
  /// Rows fetched per round trip by default: large enough that the round trip is a small part of
  /// a page's decoding time, small enough to keep memory flat.
  static let pageSize = 4096

  /// Rows fetched per round trip.
  let rowsPerPage: Int

  /// The session being read.
  public let session: SessionRecord
  private let connection: PostgresConnectionBridge
  /// The rest of the current page (see ``fetchPage()``).
  private var page = ByteBuffer()
  /// The sequence number the next event must have.
  private var nextSeq: Int64
  private let lastSeq: Int64
  private var previousT: Double?
  /// The next page's statement, sent while this one is read, and the first event it holds.
  private var nextPage: (first: Int64, query: PostgresConnectionBridge.SentQuery)?
  private var pagesFetched = 0

  /// Reads events `after + 1 ... through`, `rowsPerPage` per round trip.
  init(
    connection: PostgresConnectionBridge, session: SessionRecord, after: Int64, through: Int64,
    rowsPerPage: Int = pageSize
  ) {
    self.connection = connection
    self.session = session
    self.rowsPerPage = max(1, rowsPerPage)
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
    let sent = nextPage.flatMap { $0.first == nextSeq ? $0.query : nil } ?? send(from: nextSeq)
    nextPage = nil
    let rows = try connection.rows(of: sent)
    // From the second page on: a reader that stops within its first page (a page of the event
    // list, a search for an early event) never costs the server a page nobody reads.
    let following = nextSeq + pageLength(from: nextSeq)
    if pagesFetched > 0, following <= lastSeq { nextPage = (following, send(from: following)) }
    pagesFetched += 1
    guard let row = rows.first else { throw corrupt(nextSeq, "the event is missing") }
    let (count, first, last, blob) = try row.decode((Int64, Int64, Int64, ByteBuffer).self)
    // Gapless from nextSeq: a page that starts later or skips a number is missing events.
    guard count > 0, first == nextSeq, last - first + 1 == count else {
      throw corrupt(count > 0 && first == nextSeq ? first + count : nextSeq, "the event is missing")
    }
    page = blob
  }

  /// How many events the page starting at `first` holds.
  private func pageLength(from first: Int64) -> Int64 {
    min(Int64(rowsPerPage), lastSeq - first + 1)
  }

  /// Sends the statement of the page starting at `first`.
  private func send(from first: Int64) -> PostgresConnectionBridge.SentQuery {
    // A closed range rather than LIMIT: without statistics (right after a bulk import) the
    // planner would otherwise scan and sort every event after nextSeq for each page.
    connection.send(
      """
      SELECT count(*), coalesce(min(seq), 0), coalesce(max(seq), 0),
        coalesce(string_agg(float8send(t) || int4send(length(action)) || action, ''::bytea
          ORDER BY seq), ''::bytea)
      FROM (
        SELECT seq, t, action FROM events
        WHERE session_id = \(session.id)
          AND seq BETWEEN \(first) AND \(first + pageLength(from: first) - 1)
      ) AS page
      """, "read events of session \(session.idString)")
  }

  private func corrupt(_ seq: Int64, _ reason: String) -> StoreError {
    StoreError.corruptEvent(session: session.idString, seq: seq, reason: reason)
  }
}
