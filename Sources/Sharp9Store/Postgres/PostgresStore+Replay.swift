import NIOCore
import PostgresNIO
import Sharp9Domain

extension PostgresStore {
  /// The session's events `after + 1 ... through` (all of them by default), in order.
  public func events(of session: SessionRecord, after: Int64 = 0, through: Int64? = nil) throws
    -> PostgresEventPages
  {
    PostgresEventPages(
      connection: connection, session: session, after: after,
      through: through ?? session.eventCount)
  }

  /// The state after event `seq` (0 = before the first event; default: after the last).
  ///
  /// As SQLite's: starts from the nearest checkpoint at or below `seq` written by the current
  /// reducer version (a snapshot that does not decode is skipped for the next older one, up to
  /// four) and folds the events after it, so the result equals folding from the first event.
  public func state(of session: SessionRecord, at seq: Int64? = nil) throws -> State {
    let target = seq ?? session.eventCount
    guard (0...session.eventCount).contains(target) else {
      throw StoreError.sequenceOutOfRange(
        session: session.idString, seq: target, count: session.eventCount)
    }
    var start: Int64 = 0
    var state = State()
    let snapshots = try connection.query(
      """
      SELECT seq, state FROM checkpoints
      WHERE session_id = \(session.id) AND seq <= \(target) AND reducer_version = \(Reducer.version)
      ORDER BY seq DESC LIMIT 4
      """, "read checkpoints of session \(session.idString)")
    for row in snapshots {
      let (seq, bytes) = try row.decode((Int64, ByteBuffer).self)
      let decoded = bytes.withUnsafeReadableBytes { raw in
        Result { try stateCodec.state(fromSnapshotBytes: raw) }
      }
      if case .success(let snapshot) = decoded {
        (start, state) = (seq, snapshot)
        break
      }
    }
    let events = try events(of: session, after: start, through: target)
    let startedAt = session.startedAt.date
    while let event = try events.next() {
      let context = ActionContext(
        session: session.id, startedAt: startedAt, sequence: event.seq, t: event.t)
      _ = Reducer.reduce(into: &state, action: event.action, context: context)
    }
    return state
  }
}
