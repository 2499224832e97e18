import Foundation
import Sharp9Domain

extension EventLog {
  /// Replays the whole session from scratch through the current reducer, as a stream.
  public func replay(_ session: SessionRecord) throws -> ReplayCursor {
    ReplayCursor(
      session: session, state: State(), after: 0,
      events: try events(of: session, after: 0, through: nil))
  }

  /// Replays events `after + 1 ...` from the state after event `after` (rebuilt as
  /// ``state(of:at:)`` does): each step's effects for a page of events, without a replay from 1.
  public func replay(_ session: SessionRecord, after seq: Int64) throws -> ReplayCursor {
    let start = try state(of: session, at: seq)
    return ReplayCursor(
      session: session, state: start, after: seq,
      events: try events(of: session, after: seq, through: nil))
  }
}
