import Foundation
import NIOCore
import PostgresNIO

extension PostgresStore {
  /// The session's checkpoints (any reducer version's), oldest first.
  public func checkpoints(of session: SessionRecord) throws -> [RecordedCheckpoint] {
    try connection.query(
      "SELECT seq, state_sha256 FROM checkpoints WHERE session_id = \(session.id) ORDER BY seq",
      "list checkpoints of session \(session.idString)"
    ).map { row in
      let (seq, hash) = try row.decode((Int64, ByteBuffer).self)
      return RecordedCheckpoint(seq: seq, hash: Array(hash.readableBytesView))
    }
  }

  /// The snapshot bytes stored with the checkpoint at `seq`, or `nil` when there is none there.
  public func checkpointSnapshot(of session: SessionRecord, at seq: Int64) throws -> Data? {
    let rows = try connection.query(
      "SELECT state FROM checkpoints WHERE session_id = \(session.id) AND seq = \(seq)",
      "read checkpoint \(seq) of session \(session.idString)")
    guard let state = try rows.first?.decode(ByteBuffer.self) else { return nil }
    return Data(state.readableBytesView)
  }
}
