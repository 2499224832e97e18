import Sharp9Domain
import Testing

@testable import Sharp9Store

/// Test-only access to the stored chunk rows: what a damaged or hand-edited file would hold.
enum ChunkSurgery {
  /// `first_seq:count` of every chunk row of `session`, in order.
  static func layout(of session: SessionRecord, in store: EventStore) throws -> [String] {
    let select = try store.database.prepare(
      "SELECT first_seq, count FROM event_chunks WHERE session_pk = ? ORDER BY first_seq")
    try select.bind(session.pk, at: 1)
    var rows: [String] = []
    while try select.step() { rows.append("\(select.int64(0)):\(select.int64(1))") }
    return rows
  }

  /// Replaces the action of event `seq` inside its chunk, keeping the row's count and every other
  /// entry: a tampered event.
  static func replaceAction(
    of seq: Int64, with action: Action, in session: SessionRecord, of store: EventStore
  ) throws {
    let select = try store.database.prepare(
      """
      SELECT first_seq, count, events FROM event_chunks
      WHERE session_pk = ? AND first_seq <= ? ORDER BY first_seq DESC LIMIT 1
      """)
    try select.bind(session.pk, at: 1)
    try select.bind(seq, at: 2)
    let (firstSeq, blob) = try #require(try select.firstRow { ($0.int64(0), $0.blob(2)) })
    var rebuilt = EventChunkBuilder(firstSeq: firstSeq)
    try blob.withUnsafeBytes { bytes in
      var reader = try EventChunkReader(bytes)
      while !reader.isAtEnd {
        let (t, stored) = try reader.next()
        rebuilt.append(rebuilt.nextSeq == seq ? action : stored, t: t)
      }
    }
    let update = try store.database.prepare(
      "UPDATE event_chunks SET events = ? WHERE session_pk = ? AND first_seq = ?")
    try update.bind(rebuilt.blob, at: 1)
    try update.bind(session.pk, at: 2)
    try update.bind(firstSeq, at: 3)
    try update.run()
  }
}
