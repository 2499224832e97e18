import Foundation
import Sharp9Domain

extension EventLog {
  /// A new session holding the first `seq` events of `session`, with the same start time and
  /// audio, to explore "what if" from any point. Markers keep following their `deleteMarker`s
  /// (ids are re-homed, see ``MarkerIDRebase``), so the fork's state after event `seq` equals
  /// the original's except for marker ids.
  ///
  /// - Parameters:
  ///   - title: the new title; by default `<title> (fork at <seq>)`.
  ///   - sharp9Version: the version writing the fork.
  /// - Throws: ``StoreError/sequenceOutOfRange(session:seq:count:)`` when `seq` is not within
  ///   `1...eventCount` (a session of no events could not be exported and imported again).
  public func fork(
    _ session: SessionRecord, at seq: Int64, title: String? = nil, sharp9Version: String
  ) throws -> SessionRecord {
    guard seq >= 1, seq <= session.eventCount else {
      throw StoreError.sequenceOutOfRange(
        session: session.idString, seq: seq, count: session.eventCount)
    }
    let (actions, seqs) = try scriptedActions(of: session, through: seq)
    let new = NewSession(
      title: title ?? "\(session.title) (fork at \(seq))", startedAt: session.startedAt.date,
      audio: session.audio, sharp9Version: sharp9Version)
    return try createSession(new, actions: actions, originalSeqs: seqs, from: session.id)
  }
}
