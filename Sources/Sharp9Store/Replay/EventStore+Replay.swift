import Foundation
import Sharp9Domain

extension EventStore {
  /// The session's events `after + 1 ... through` (all of them by default), in order.
  public func events(
    of session: SessionRecord, after: Int64 = 0, through: Int64? = nil
  ) throws -> EventCursor {
    try EventCursor(
      store: self, session: session, after: after, through: through ?? session.eventCount)
  }

  /// The state after event `seq` (0 = before the first event; default: after the last).
  ///
  /// Starts from the nearest checkpoint at or below `seq` written by the current reducer version
  /// (a snapshot from other rules would mix two reducers) and folds the remaining events; the
  /// result equals folding from the first event. A snapshot that does not decode (another layout
  /// version, truncated or otherwise damaged) is skipped for the next older one, up to four,
  /// then the fold starts from scratch.
  public func state(of session: SessionRecord, at seq: Int64? = nil) throws -> State {
    let target = seq ?? session.eventCount
    guard (0...session.eventCount).contains(target) else {
      throw StoreError.sequenceOutOfRange(
        session: session.idString, seq: target, count: session.eventCount)
    }
    // One read snapshot for the checkpoint and the events after it: a live append rewriting the
    // tail chunk meanwhile cannot be seen half-way.
    return try database.reading {
      let (start, state) = try nearestSnapshot(of: session, atOrBelow: target)
      let cursor = ReplayCursor(
        session: session, state: state, after: start,
        events: try events(of: session, after: start, through: target))
      return try cursor.finalState()
    }
  }

  private func nearestSnapshot(of session: SessionRecord, atOrBelow seq: Int64) throws
    -> (Int64, State)
  {
    let select = try database.cached(
      """
      SELECT seq, state FROM checkpoints
      WHERE session_pk = ? AND seq <= ? AND reducer_version = ?
      ORDER BY seq DESC LIMIT 4
      """)
    try select.bind(key(of: session), at: 1)
    try select.bind(seq, at: 2)
    try select.bind(Reducer.version, at: 3)
    // Decoded in SQLite's buffer, one row at a time: the newest snapshot almost always decodes,
    // so the older candidates' blobs are never read.
    defer { try? select.reset() }
    while try select.step() {
      let decoded = select.withBlob(1) { bytes in
        Result { try stateCodec.state(fromSnapshotBytes: bytes) }
      }
      if case .success(let state) = decoded { return (select.int64(0), state) }
    }
    return (0, State())
  }
}
