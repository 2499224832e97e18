import Foundation

extension EventStore {
  /// The session's checkpoints (any reducer version's), oldest first.
  public func checkpoints(of session: SessionRecord) throws -> [RecordedCheckpoint] {
    let select = try database.cached(
      "SELECT seq, state_sha256 FROM checkpoints WHERE session_pk = ? ORDER BY seq")
    try select.bind(key(of: session), at: 1)
    var all: [RecordedCheckpoint] = []
    while try select.step() {
      all.append(RecordedCheckpoint(seq: select.int64(0), hash: select.blob(1)))
    }
    return all
  }

  /// The snapshot bytes stored with the checkpoint at `seq`, or `nil` when there is none there.
  public func checkpointSnapshot(of session: SessionRecord, at seq: Int64) throws -> Data? {
    let select = try database.cached(
      "SELECT state FROM checkpoints WHERE session_pk = ? AND seq = ?")
    try select.bind(key(of: session), at: 1)
    try select.bind(seq, at: 2)
    return try select.firstRow { row in row.withBlob(0) { Data($0) } }
  }
}
