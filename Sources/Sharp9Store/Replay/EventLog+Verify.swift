import Foundation
import Sharp9Domain

extension EventLog {
  /// Replays `session` from scratch through the current reducer and compares the state hash at
  /// every recorded checkpoint; reports the first divergence with a field-by-field diff.
  ///
  /// A session recorded by another reducer version is replayed and compared all the same (the
  /// report says so); it is not refused.
  ///
  /// `progress` is called with the fraction of events replayed, at each checkpoint.
  public func verify(_ session: SessionRecord, progress: (Double) -> Void = { _ in }) throws
    -> VerifyReport
  {
    let checkpoints = try self.checkpoints(of: session)
    var report = VerifyReport(
      session: session, recordedReducerVersion: session.reducerVersion,
      currentReducerVersion: Reducer.version, eventsReplayed: 0, checkpointsCompared: 0,
      divergence: nil)
    let replay = try replay(session)
    var next = checkpoints.makeIterator()
    var pending = next.next()
    var lastAgreeing: Int64 = 0
    while let checkpoint = pending {
      // Fold up to the checkpoint without building per-step values.
      while replay.seqSoFar < checkpoint.seq, try replay.advance() {}
      guard replay.seqSoFar == checkpoint.seq else { break }
      report.checkpointsCompared += 1
      progress(Double(checkpoint.seq) / Double(max(session.eventCount, 1)))
      if let divergence = try compare(
        checkpoint, of: session, with: replay.state, lastAgreeing: lastAgreeing)
      {
        report.divergence = divergence
        break
      }
      lastAgreeing = checkpoint.seq
      pending = next.next()
    }
    if report.divergence == nil { while try replay.advance() {} }
    report.eventsReplayed = replay.seqSoFar
    progress(1)
    // A finished session (an import, an ended recording) is always checkpointed at its last
    // event: a missing one means the checkpoints were deleted, and nothing would be compared.
    if report.divergence == nil, session.endedAt != nil, session.eventCount > 0,
      checkpoints.last?.seq != session.eventCount
    {
      report.divergence = VerifyReport.Divergence(
        seq: session.eventCount, lastAgreeingSeq: lastAgreeing, changes: [],
        snapshotProblem: .lastCheckpointMissing)
    }
    return report
  }

  private func compare(
    _ checkpoint: RecordedCheckpoint, of session: SessionRecord, with replayed: State,
    lastAgreeing: Int64
  ) throws -> VerifyReport.Divergence? {
    let stateCodec = StateCodec()
    let replayedCheckpoint = try stateCodec.checkpoint(replayed)
    let replayedHash = replayedCheckpoint.hash
    let snapshotData = try checkpointSnapshot(of: session, at: checkpoint.seq) ?? Data()
    // The common case, without decoding: the recorded snapshot is byte for byte the replayed
    // state's (lossless) snapshot, so it decodes to the replayed state and has its hash.
    if replayedHash == checkpoint.hash, snapshotData == Data(replayedCheckpoint.snapshot) {
      return nil
    }
    let recorded = try? stateCodec.state(fromSnapshot: snapshotData)
    var snapshotProblem: VerifyReport.SnapshotProblem?
    if let recorded, try stateCodec.hash(recorded) != checkpoint.hash {
      snapshotProblem = .hashMismatch
    }
    let rawSnapshot = recorded == nil ? try? JSONValue.parse(snapshotData) : nil
    if recorded == nil, rawSnapshot == nil {
      // Truncated or garbled: a reader starting from this snapshot could not use it.
      snapshotProblem = .unreadable(bytes: snapshotData.count)
    }
    if replayedHash == checkpoint.hash, snapshotProblem == nil { return nil }
    var changes: [FieldChange] = []
    if let recorded {
      changes = try StateDiff.changes(from: recorded, to: replayed)
    } else if let raw = rawSnapshot {
      // A JSON snapshot from another State layout: compare its JSON with the replayed one's.
      let lossless = try JSONValue.parse(try stateCodec.losslessJSON(replayed))
      changes = StateDiff.changes(from: raw, to: lossless)
    }
    return VerifyReport.Divergence(
      seq: checkpoint.seq, lastAgreeingSeq: lastAgreeing, changes: changes,
      snapshotProblem: snapshotProblem)
  }
}
