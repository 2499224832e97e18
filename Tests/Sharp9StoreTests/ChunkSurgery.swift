import Sharp9Domain
import Testing

@testable import Sharp9Store

/// Test-only access to the stored chunk rows: what a damaged or hand-edited file would hold.
enum ChunkSurgery {
  /// `first_seq:count` of every chunk row of `session`, in order.
  static func layout(of session: SessionRecord, in store: EventStore) throws -> [String] {
    let select = try store.database.prepare(
      "SELECT first_seq, count FROM event_chunks WHERE session_pk = ? ORDER BY first_seq")
    try select.bind(store.key(of: session), at: 1)
    var rows: [String] = []
    while try select.step() { rows.append("\(select.int64(0)):\(select.int64(1))") }
    return rows
  }

  /// Replaces the action of event `seq` inside its chunk, keeping the row's count and every other
  /// entry: a tampered event.
  static func replaceAction(
    of seq: Int64, with action: Action, in session: SessionRecord, of store: EventStore
  ) throws {
    try replaceEvent(of: seq, in: session, of: store) { _, _ in (action, nil) }
  }

  /// Replaces the `t` of event `seq` inside its chunk: a time no writer would store.
  static func replaceTime(
    of seq: Int64, with t: Double, in session: SessionRecord, of store: EventStore
  ) throws {
    try replaceEvent(of: seq, in: session, of: store) { action, _ in (action, t) }
  }

  /// Rewrites event `seq` of its chunk with what `change` returns (a `nil` t keeps the old one).
  private static func replaceEvent(
    of seq: Int64, in session: SessionRecord, of store: EventStore,
    _ change: (Action, Double) -> (Action, Double?)
  ) throws {
    let select = try store.database.prepare(
      """
      SELECT first_seq, count, events FROM event_chunks
      WHERE session_pk = ? AND first_seq <= ? ORDER BY first_seq DESC LIMIT 1
      """)
    try select.bind(store.key(of: session), at: 1)
    try select.bind(seq, at: 2)
    let (firstSeq, blob) = try #require(try select.firstRow { ($0.int64(0), $0.blob(2)) })
    var rebuilt = EventChunkBuilder(firstSeq: firstSeq)
    try blob.withUnsafeBytes { bytes in
      var reader = try EventChunkReader(bytes)
      while !reader.isAtEnd {
        let (t, stored) = try reader.next()
        guard rebuilt.nextSeq == seq else {
          rebuilt.append(stored, t: t)
          continue
        }
        let (action, newT) = change(stored, t)
        rebuilt.append(action, t: newT ?? t)
      }
    }
    let update = try store.database.prepare(
      "UPDATE event_chunks SET events = ? WHERE session_pk = ? AND first_seq = ?")
    try update.bind(rebuilt.blob, at: 1)
    try update.bind(store.key(of: session), at: 2)
    try update.bind(firstSeq, at: 3)
    try update.run()
  }
}
