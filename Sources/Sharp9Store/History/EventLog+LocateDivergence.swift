import Foundation
import Sharp9Domain

extension EventLog {
  /// Narrows a `verify` divergence down from a checkpoint bracket to events: replays the bracket
  /// with the current reducer from the last matching checkpoint's recorded snapshot (the recorder's
  /// own state there) and collects the events that changed a field that differs at the divergent
  /// checkpoint (see ``DivergenceLocation``).
  public func locateDivergence(
    in session: SessionRecord, _ divergence: VerifyReport.Divergence
  ) throws -> DivergenceLocation {
    let fields = divergence.changes.map(\.path)
    var state = try recordedState(of: session, at: divergence.lastAgreeingSeq)
    let cursor = ReplayCursor(
      session: session, state: state, after: divergence.lastAgreeingSeq,
      events: try events(of: session, after: divergence.lastAgreeingSeq, through: divergence.seq))
    var suspects: [StoredEvent] = []
    var count = 0
    while let step = try cursor.next() {
      let changed = (try? StateDiff.changes(from: state, to: step.state)) ?? []
      state = step.state
      let touches = changed.contains { change in
        fields.contains { field in Self.overlaps(change.path, field) }
      }
      guard touches else { continue }
      count += 1
      if suspects.count < 10 {
        suspects.append(StoredEvent(seq: step.seq, t: step.t, action: step.action))
      }
    }
    return DivergenceLocation(fields: fields, suspects: suspects, suspectCount: count)
  }

  /// The recorded snapshot at `seq` (whatever reducer wrote it), else a replay to `seq`.
  private func recordedState(of session: SessionRecord, at seq: Int64) throws -> State {
    guard seq > 0 else { return State() }
    if let data = try checkpointSnapshot(of: session, at: seq),
      let state = try? StateCodec().state(fromSnapshot: data)
    {
      return state
    }
    return try self.state(of: session, at: seq)
  }

  /// Whether one field path contains the other (`markers` and `markers[1a2b3c4d].timeSec`).
  private static func overlaps(_ a: String, _ b: String) -> Bool {
    func within(_ inner: String, _ outer: String) -> Bool {
      inner == outer || inner.hasPrefix(outer + ".") || inner.hasPrefix(outer + "[")
    }
    return within(a, b) || within(b, a)
  }
}
