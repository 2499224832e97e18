import Foundation
import Sharp9Domain

/// The headless app core: each ``send(_:at:)`` reduces the action with its event context, appends
/// the event durably (one transaction, fsynced before it returns), and only then hands the effects
/// to the ``AudioEngine`` and returns them.
///
/// If the append fails (disk full, database locked or read-only, another writer got there first),
/// the error is thrown and nothing changed: not the state, not the head, not the engine.
///
/// ```swift
/// let recorder = try Recorder(store: store, session: session, engine: SilentAudioEngine())
/// let effects = try recorder.send(.setA(timeSec: 1.5), at: 12.25)
/// ```
public final class Recorder {
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
  /// The engine effects are handed to.
  public let engine: any AudioEngine
  private let appender: EventAppender
  private let store: EventStore

  /// Continues `session` from its stored head (a new session starts empty). The current state is
  /// rebuilt with ``EventStore/state(of:at:)``.
  public init(store: EventStore, session: SessionRecord, engine: any AudioEngine) throws {
    let current = try store.session(id: session.id)
    self.store = store
    self.engine = engine
    appender = try EventAppender(
      store: store, session: current, state: try store.state(of: current),
      head: current.eventCount, lastT: current.lastT)
  }

  /// Records `action` at `t` seconds since the session started and returns its effects.
  ///
  /// - Throws: ``StoreError/invalidTime(seq:t:previous:)`` when `t` goes backwards,
  ///   ``StoreError/conflict(session:expected:actual:)`` when another writer appended first, or
  ///   ``SQLiteError``; in every case the state is unchanged.
  @discardableResult
  public func send(_ action: Action, at t: Double) throws -> [Effect] {
    let expected = appender.head
    let staged = try store.database.transaction {
      let staged = try appender.stage(action, t: t)
      try appender.storeHead(expected: expected, to: staged.seq, lastT: staged.t)
      return staged
    }
    appender.accept(staged)
    EffectPerformer.perform(staged.effects, on: engine)
    return staged.effects
  }

  /// Ends the recording: checkpoints the last state (so `verify` covers it) and stamps the end.
  public func finish(at date: Date) throws {
    try store.database.transaction {
      try appender.checkpointHead()
      try store.endSession(session.id, at: date)
    }
  }
}
