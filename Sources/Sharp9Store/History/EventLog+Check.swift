import Foundation
import Sharp9Domain

extension EventLog {
  /// Replays `session` from scratch and checks ``Invariants`` on the state after every event,
  /// stopping at the first violation, reported with the state diff the event made.
  ///
  /// - Parameter reduce: the reducer (tests plant bugs through it; the real one by default).
  public func check(
    _ session: SessionRecord, reduce: @escaping InvariantChecker.Reduce = Reducer.reduce
  ) throws -> CheckReport {
    let cursor = try events(of: session, after: 0, through: nil)
    let startedAt = session.startedAt.date
    var checker = InvariantChecker(reduce: reduce)
    while let event = try cursor.next() {
      let context = ActionContext(
        session: session.id, startedAt: startedAt, sequence: event.seq, t: event.t)
      if let finding = checker.apply(event.action, context: context, seq: event.seq, t: event.t) {
        return CheckReport(
          session: session, eventsChecked: checker.eventsChecked, finding: finding,
          // A non-finite number cannot be written as JSON: the violation itself names it.
          changes: (try? StateDiff.changes(from: finding.before, to: finding.after)) ?? [])
      }
    }
    return CheckReport(
      session: session, eventsChecked: checker.eventsChecked, finding: nil, changes: [])
  }
}
