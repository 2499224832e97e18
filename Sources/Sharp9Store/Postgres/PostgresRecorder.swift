import Foundation
import Sharp9Domain

/// The PostgreSQL ``SessionWriter``: each append reduces the action and stores the event in one
/// statement that also compare-and-sets the session's head (``PostgresStore/appendStatement(_:)``),
/// durable before it returns (synchronous commit).
///
/// If the append fails (another writer got there first, the server went away), the error is
/// thrown and nothing changed: not the state, not the head. An append whose acknowledgement was
/// lost can be sent again with the same event id (``append(_:at:id:expecting:)``): it is
/// acknowledged, not stored twice.
public final class PostgresRecorder: SessionWriter {
  /// The session being recorded, with its head as this writer knows it.
  public var session: SessionRecord {
    var session = pending.session
    session.eventCount = pending.head
    session.lastT = pending.lastT
    return session
  }
  /// The state after the last appended event.
  public var state: State { pending.state }
  private var pending: PostgresPendingAppend
  private let store: PostgresStore

  /// Continues `session` from its stored head, its state rebuilt from the nearest checkpoint.
  public init(store: PostgresStore, session: SessionRecord) throws {
    self.store = store
    pending = try store.pendingAppend(to: try store.session(id: session.id))
  }

  /// Appends `action` at `t` when the head is `head`, with a new event id.
  ///
  /// - Throws: as ``append(_:at:id:expecting:beforeCommit:)``.
  public func append(
    _ action: Action, at t: Double, expecting head: Int64,
    beforeCommit: (ReplayStep) throws -> Void
  ) throws -> ReplayStep {
    try append(action, at: t, id: UUID(), expecting: head, beforeCommit: beforeCommit)
  }

  /// Appends `action` at `t` as event `id` when the head is `head` and returns the event with the
  /// state after it and its effects; `beforeCommit` gets the step once it is reduced, before its
  /// statement is sent. Sent again after a lost acknowledgement (same id, same head), it returns
  /// the same step without storing the event twice.
  ///
  /// - Throws: ``StoreError/conflict(session:expected:actual:)`` when the head is not `head`,
  ///   ``StoreError/invalidTime(seq:t:previous:)`` when `t` goes backwards, `beforeCommit`'s
  ///   error, or ``PostgresError``; in every case the state is unchanged.
  public func append(
    _ action: Action, at t: Double, id: UUID, expecting head: Int64,
    beforeCommit: (ReplayStep) throws -> Void = { _ in }
  ) throws -> ReplayStep {
    guard head == pending.head else {
      throw StoreError.conflict(session: session.idString, expected: head, actual: pending.head)
    }
    var next = pending
    let effects = try next.add(action, at: t, id: id)
    let step = ReplayStep(
      seq: next.head, t: t, action: action, state: next.state, effects: effects)
    try beforeCommit(step)
    if try !store.appendStatement(next) {
      // Throws unless this very event is stored right after `head` (an earlier attempt committed
      // but its acknowledgement was lost): then it is acknowledged with the same step.
      _ = try store.refusedAppend(of: [id], to: session, expecting: head, firstT: t)
    }
    next.markStored()
    pending = next
    return step
  }

  /// Ends the recording: checkpoints the last state (so `verify` covers it) and stamps the end,
  /// in one transaction.
  public func finish(at date: Date) throws {
    var next = pending
    try next.checkpointHead()
    try store.connection.transaction("finish session \(session.idString)") {
      guard try store.appendStatement(next) else {
        throw StoreError.conflict(
          session: session.idString, expected: next.head,
          actual: try store.session(
            id: session.id
          ).eventCount)
      }
      try store.endSession(session.id, at: date)
    }
    next.markStored()
    pending = next
  }
}

extension PostgresStore: EventLog {
  /// A ``PostgresRecorder`` continuing `session` from its stored head.
  public func writer(for session: SessionRecord) throws -> PostgresRecorder {
    try PostgresRecorder(store: self, session: session)
  }
}
