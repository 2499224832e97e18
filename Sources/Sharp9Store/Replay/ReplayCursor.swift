import Foundation
import Sharp9Domain

/// A session replayed through the current reducer as a stream: each ``next()`` reads one event
/// row, reduces it with the event's context and returns the ``ReplayStep``.
///
/// A synchronous pull cursor rather than an `AsyncSequence`: SQLite reads block anyway, a
/// per-element `async` hop costs more than the whole step (the target is a million events per
/// second), and a consumer such as the renderer pulls at its own pace. Memory is flat: one row and
/// one state at a time, whatever the session's length.
///
/// ```swift
/// let replay = try store.replay(session)
/// while let step = try replay.next() { render(step.effects, at: step.t) }
/// ```
public final class ReplayCursor {
  /// The session being replayed.
  public let session: SessionRecord
  /// The state after the last returned step (the starting state before the first).
  public private(set) var state: State
  private let events: any EventReading
  private let startedAt: Date

  init(session: SessionRecord, state: State, after seq: Int64, events: any EventReading) {
    self.session = session
    seqSoFar = seq
    self.state = state
    self.events = events
    startedAt = session.startedAt.date
  }

  /// The next step, or `nil` after the last event.
  public func next() throws -> ReplayStep? {
    guard let event = try events.next() else { return nil }
    let effects = apply(event)
    return ReplayStep(
      seq: event.seq, t: event.t, action: event.action, state: state, effects: effects)
  }

  /// Sequence number of the last event applied (the starting point before the first).
  public private(set) var seqSoFar: Int64

  /// Applies the next event without building a step; `false` after the last event.
  public func advance() throws -> Bool {
    guard let event = try events.next() else { return false }
    _ = apply(event)
    return true
  }

  /// Folds the remaining events without building steps, and returns the final state.
  public func finalState() throws -> State {
    while try advance() {}
    return state
  }

  private func apply(_ event: StoredEvent) -> [Effect] {
    seqSoFar = event.seq
    let context = ActionContext(
      session: session.id, startedAt: startedAt, sequence: event.seq, t: event.t)
    return Reducer.reduce(into: &state, action: event.action, context: context)
  }
}
