import Sharp9Domain

extension EventLog {
  /// The undo history of `session` as of event `seq` (default: the last), derived by replaying
  /// events `1...seq` (see ``EditTimelineBuilder``).
  ///
  /// - Throws: ``StoreError/sequenceOutOfRange(session:seq:count:)`` for a `seq` outside
  ///   `0...eventCount`.
  public func editTimeline(
    of session: SessionRecord, at seq: Int64? = nil, depth: Int = PracticeRules.undoDepth
  ) throws -> EditTimeline {
    let target = seq ?? session.eventCount
    guard (0...session.eventCount).contains(target) else {
      throw StoreError.sequenceOutOfRange(
        session: session.idString, seq: target, count: session.eventCount)
    }
    var builder = EditTimelineBuilder(depth: depth)
    let replay = ReplayCursor(
      session: session, state: State(), after: 0,
      events: try events(of: session, after: 0, through: target))
    var before = State()
    while let step = try replay.next() {
      builder.apply(
        seq: step.seq, t: step.t, action: step.action, before: before, after: step.state)
      before = step.state
    }
    var history = try builder.timeline()
    history.asOf = target
    return history
  }
}
