import Foundation
import Sharp9Domain

/// Appends events to one session: reduces each action with its event context, inserts the event
/// row and, per the ``CheckpointPolicy``, a checkpoint. Shared by ``Recorder`` (one transaction
/// per action) and the script importer (one transaction for the whole script).
///
/// Staging and accepting are separate so a caller can commit in between: the in-memory head and
/// state only move once the caller knows the rows are durable.
final class EventAppender {
  /// An event reduced and inserted, not yet accepted.
  struct Staged {
    var seq: Int64
    var t: Double
    var state: State
    var effects: [Effect]
  }

  let store: EventStore
  let session: SessionRecord
  /// The state after the last accepted event.
  private(set) var state: State
  /// Sequence number of the last accepted event (0 before the first).
  private(set) var head: Int64
  /// `t` of the last accepted event.
  private(set) var lastT: Double
  private let startedAt: Date
  private var writer = ByteWriter()
  /// Prepared once per appender: an import runs it a million times.
  private let insertEvent: Statement

  /// Starts appending after `head` events whose last state is `state`.
  init(store: EventStore, session: SessionRecord, state: State, head: Int64, lastT: Double) throws {
    insertEvent = try store.database.prepare(
      "INSERT INTO events (session_pk, seq, t, action) VALUES (?, ?, ?, ?)")
    self.store = store
    self.session = session
    self.state = state
    self.head = head
    self.lastT = lastT
    startedAt = session.startedAt.date
  }

  /// Reduces `action` at `t` on a copy of the state and inserts the event (and checkpoint) rows.
  /// Must run inside a transaction; nothing in memory changes until ``accept(_:)``.
  func stage(_ action: Action, t: Double) throws -> Staged {
    let seq = try nextSeq(t: t)
    var next = state
    let effects = reduce(action, seq: seq, t: t, into: &next)
    try insertRows(action, seq: seq, t: t, state: next)
    return Staged(seq: seq, t: t, state: next, effects: effects)
  }

  /// Stages and accepts `action` at once, reducing the held state in place: no copy of the
  /// state's arrays (markers, edit history) per event, which staging on a copy costs. Only for a
  /// caller that discards this appender and rolls back its transaction on any error (the
  /// importer): after a throw the in-memory state may be ahead of the rows.
  func appendInPlace(_ action: Action, t: Double) throws {
    let seq = try nextSeq(t: t)
    _ = reduce(action, seq: seq, t: t, into: &state)
    try insertRows(action, seq: seq, t: t, state: state)
    head = seq
    lastT = t
  }

  private func nextSeq(t: Double) throws -> Int64 {
    let seq = head + 1
    guard t.isFinite, t >= 0, t >= lastT else {
      throw StoreError.invalidTime(seq: seq, t: t, previous: lastT)
    }
    return seq
  }

  private func reduce(_ action: Action, seq: Int64, t: Double, into state: inout State)
    -> [Effect]
  {
    let context = ActionContext(session: session.id, startedAt: startedAt, sequence: seq, t: t)
    return Reducer.reduce(into: &state, action: action, context: context)
  }

  /// Inserts the event row and, per the policy, the checkpoint of `state` (the state after it).
  private func insertRows(_ action: Action, seq: Int64, t: Double, state: State) throws {
    writer.clear()
    ActionCodec.encode(action, into: &writer)
    let insert = insertEvent
    try insert.reset()
    try insert.bind(session.pk, at: 1)
    try insert.bind(seq, at: 2)
    try insert.bind(t, at: 3)
    try insert.bind(writer.bytes, at: 4)
    do {
      try insert.run()
    } catch let error as SQLiteError where error.isUniqueViolation {
      throw try conflict(expected: head)
    }
    if store.checkpointPolicy.isCheckpoint(seq) { try writeCheckpoint(state, seq: seq) }
  }

  /// Makes a staged event the new head in memory (after the caller committed it, or inside the
  /// caller's single transaction).
  func accept(_ staged: Staged) {
    state = staged.state
    head = staged.seq
    lastT = staged.t
  }

  /// Moves the stored head from `expected` to the in-memory (or staged) head: a compare-and-set,
  /// so a concurrent writer that got there first makes this throw ``StoreError/conflict``.
  func storeHead(expected: Int64, to newHead: Int64, lastT newLastT: Double) throws {
    let update = try store.database.cached(
      "UPDATE sessions SET event_count = ?, last_t = ? WHERE pk = ? AND event_count = ?")
    try update.bind(newHead, at: 1)
    try update.bind(newLastT, at: 2)
    try update.bind(session.pk, at: 3)
    try update.bind(expected, at: 4)
    try update.run()
    guard store.database.changes == 1 else { throw try conflict(expected: expected) }
  }

  /// Checkpoints the current head if the policy did not already (the end of an import or of a
  /// recording), so `verify` always covers the last state.
  func checkpointHead() throws {
    guard head > 0, !store.checkpointPolicy.isCheckpoint(head) else { return }
    try writeCheckpoint(state, seq: head)
  }

  private func writeCheckpoint(_ state: State, seq: Int64) throws {
    let insert = try store.database.cached(
      """
      INSERT OR REPLACE INTO checkpoints (session_pk, seq, reducer_version, state, state_sha256)
      VALUES (?, ?, ?, ?, ?)
      """)
    try insert.bind(session.pk, at: 1)
    try insert.bind(seq, at: 2)
    try insert.bind(Reducer.version, at: 3)
    try insert.bind(Array(try store.stateCodec.snapshot(state)), at: 4)
    try insert.bind(try store.stateCodec.hash(state), at: 5)
    try insert.run()
  }

  private func conflict(expected: Int64) throws -> StoreError {
    let actual = try store.database.cached("SELECT event_count FROM sessions WHERE pk = ?")
    try actual.bind(session.pk, at: 1)
    let count = try actual.firstRow { $0.int64(0) } ?? -1
    return StoreError.conflict(session: session.idString, expected: expected, actual: count)
  }
}
