import Foundation
import Sharp9Domain

/// The SQLite ``SessionWriter``: each append reduces the action with its event context and
/// appends the event durably (one transaction, fsynced before it returns under
/// `synchronous=FULL`). Performing the effects is the app core's job (`Sharp9App.AppCore`).
///
/// If the append fails (disk full, database locked or read-only, another writer got there first),
/// the error is thrown and nothing changed: not the state, not the head.
///
/// ```swift
/// let recorder = try Recorder(store: store, session: session)
/// let effects = try recorder.send(.setA(timeSec: 1.5), at: 12.25)
/// ```
public final class Recorder: SessionWriter {
  /// The session being recorded, with its current head.
  public var session: SessionRecord {
    var session = appender.session
    session.eventCount = appender.head
    session.lastT = appender.lastT
    return session
  }
  /// The state after the last appended event.
  public var state: State { appender.state }
  /// The sequence number of the last appended event (0 before the first).
  public var head: Int64 { appender.head }
  /// `t` of the last appended event.
  public var lastT: Double { appender.lastT }
  private let appender: EventAppender
  private let store: EventStore

  /// Continues `session` from its stored head (a new session starts empty). The current state is
  /// rebuilt with ``EventStore/state(of:at:)``.
  public init(store: EventStore, session: SessionRecord) throws {
    let current = try store.session(id: session.id)
    self.store = store
    appender = try EventAppender(
      store: store, session: current, state: try store.state(of: current),
      head: current.eventCount, lastT: current.lastT)
  }

  /// Records `action` at `t` seconds since the session started, after this recorder's head, and
  /// returns its effects.
  ///
  /// - Throws: as ``append(_:at:expecting:)``.
  @discardableResult
  public func send(_ action: Action, at t: Double) throws -> [Effect] {
    try append(action, at: t, expecting: appender.head).effects
  }

  /// Records `action` at `t` when the head is `head` and returns the event with its state and
  /// effects; `beforeCommit` runs inside the event's transaction, after its rows are written and
  /// before the commit (its error rolls the transaction back).
  ///
  /// - Throws: ``StoreError/invalidTime(seq:t:previous:)`` when `t` goes backwards,
  ///   ``StoreError/conflict(session:expected:actual:)`` when the head is not `head` (another
  ///   writer appended first), `beforeCommit`'s error, or ``SQLiteError``; in every case the
  ///   state is unchanged.
  public func append(
    _ action: Action, at t: Double, expecting head: Int64,
    beforeCommit: (ReplayStep) throws -> Void
  ) throws -> ReplayStep {
    guard head == appender.head else {
      throw StoreError.conflict(session: session.idString, expected: head, actual: appender.head)
    }
    let (staged, step) = try store.database.transaction {
      let staged = try appender.stage(action, t: t)
      try appender.storeHead(expected: head, to: staged.seq, lastT: staged.t)
      let step = ReplayStep(
        seq: staged.seq, t: staged.t, action: action, state: staged.state, effects: staged.effects)
      try beforeCommit(step)
      return (staged, step)
    }
    appender.accept(staged)
    return step
  }

  /// Ends the recording: checkpoints the last state (so `verify` covers it) and stamps the end.
  public func finish(at date: Date) throws {
    try store.database.transaction {
      try appender.checkpointHead()
      try store.endSession(session.id, at: date)
    }
  }
}
