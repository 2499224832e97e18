import Foundation
import Sharp9Domain

/// Appends events to one session: reduces each action with its event context, packs the event
/// into the session's tail chunk (see ``EventChunk``) and, per the ``CheckpointPolicy``, writes a
/// checkpoint. Shared by ``Recorder`` (one transaction per action) and the batch writers (import,
/// fork: one transaction for the whole session).
///
/// Two ways to append:
/// - ``stage(_:t:)`` + ``accept(_:)``: the tail's row is rewritten with the event inside the
///   caller's transaction, as a compare-and-set on the row's count (a writer with a stale tail
///   conflicts); the tail's bytes stay in memory, so an append never re-reads its row. Staging
///   and accepting are separate so a caller can commit in between: the in-memory head, state and
///   tail only move once the caller knows the rows are durable.
/// - ``appendInPlace(_:t:)`` + ``finishBatch()``: a row is written only when a chunk is full and
///   at the end, which is what makes an import fast.
final class EventAppender {
  /// An event reduced and stored, not yet accepted.
  struct Staged {
    var seq: Int64
    var t: Double
    var state: State
    var effects: [Effect]
    /// The tail chunk with the event.
    var tail: EventChunkBuilder
    /// The checkpoint written with it, if any.
    var checkpoint: CheckpointPolicy.Previous?
  }

  let store: EventStore
  let session: SessionRecord
  /// The session's row key in the store (``EventStore/key(of:)``), looked up once.
  let sessionKey: Int64
  /// The state after the last accepted event.
  private(set) var state: State
  /// Sequence number of the last accepted event (0 before the first).
  private(set) var head: Int64
  /// `t` of the last accepted event.
  private(set) var lastT: Double
  private let startedAt: Date
  /// The head when this appender started: what a batch's compare-and-set expects.
  private let startHead: Int64
  /// The session's last chunk, as far as this appender knows it.
  private var tail: EventChunkBuilder
  /// How many of `tail`'s events its stored row holds (0: no row yet).
  private var storedTailCount: Int
  /// The session's last checkpoint, which decides when the next is due (``CheckpointPolicy``).
  private var lastCheckpoint: CheckpointPolicy.Previous?

  /// Starts appending after `head` events whose last state is `state`, continuing the stored
  /// chunk that holds event `head` unless it is full.
  init(store: EventStore, session: SessionRecord, state: State, head: Int64, lastT: Double) throws {
    self.store = store
    self.session = session
    self.state = state
    self.head = head
    self.lastT = lastT
    startHead = head
    startedAt = session.startedAt.date
    sessionKey = try store.key(of: session)
    let stored: EventChunkBuilder?
    do {
      stored =
        head > 0 ? try ChunkRows.chunk(holding: head, session: sessionKey, in: store.database) : nil
    } catch let error as ActionCodec.DecodingError {
      throw StoreError.corruptEvent(session: session.idString, seq: head, reason: error.description)
    }
    tail = stored ?? EventChunkBuilder(firstSeq: head + 1)
    storedTailCount = stored?.count ?? 0
    let last = try store.database.cached(
      "SELECT seq, length(state) FROM checkpoints WHERE session_pk = ? ORDER BY seq DESC LIMIT 1")
    try last.bind(sessionKey, at: 1)
    lastCheckpoint = try last.firstRow {
      CheckpointPolicy.Previous(seq: $0.int64(0), bytes: Int(clamping: $0.int64(1)))
    }
  }

  /// Reduces `action` at `t` on a copy of the state and stores the event in the tail chunk's row
  /// (and the checkpoint). Must run inside a transaction; nothing in memory changes until
  /// ``accept(_:)``.
  func stage(_ action: Action, t: Double) throws -> Staged {
    let seq = try nextSeq(t: t)
    var next = state
    let effects = reduce(action, seq: seq, t: t, into: &next)
    let continuing = tail.count < store.chunkCapacity
    var chunk = continuing ? tail : EventChunkBuilder(firstSeq: seq)
    chunk.append(action, t: t)
    try storeChunk(chunk, storedCount: continuing ? storedTailCount : 0)
    let checkpoint =
      store.checkpointPolicy.isCheckpoint(seq, after: lastCheckpoint)
      ? try writeCheckpoint(next, seq: seq) : nil
    return Staged(
      seq: seq, t: t, state: next, effects: effects, tail: chunk, checkpoint: checkpoint)
  }

  /// Appends `action` at once, reducing the held state in place (no copy of the state's arrays,
  /// which staging on a copy costs) and writing a chunk row only when the tail is full; the
  /// caller ends with ``finishBatch()``. Only for a caller that discards this appender and rolls
  /// back its transaction on any error (import, fork): after a throw the in-memory state may be
  /// ahead of the rows.
  func appendInPlace(_ action: Action, t: Double) throws {
    let seq = try nextSeq(t: t)
    _ = reduce(action, seq: seq, t: t, into: &state)
    if tail.count >= store.chunkCapacity {
      try flushTail()
      tail = EventChunkBuilder(firstSeq: seq)
      storedTailCount = 0
    }
    tail.append(action, t: t)
    if store.checkpointPolicy.isCheckpoint(seq, after: lastCheckpoint) {
      lastCheckpoint = try writeCheckpoint(state, seq: seq)
    }
    head = seq
    lastT = t
  }

  /// Ends a batch of ``appendInPlace(_:t:)``: stores the tail, moves the stored head from where
  /// this appender started (compare-and-set) and checkpoints the last state.
  func finishBatch() throws {
    try flushTail()
    try storeHead(expected: startHead, to: head, lastT: lastT)
    try checkpointHead()
  }

  private func flushTail() throws {
    guard tail.count > storedTailCount else { return }
    try storeChunk(tail, storedCount: storedTailCount)
    storedTailCount = tail.count
  }

  /// Inserts `chunk`'s row, or rewrites it if the row holds `storedCount` events; a row another
  /// writer created or extended meanwhile is a conflict.
  private func storeChunk(_ chunk: EventChunkBuilder, storedCount: Int) throws {
    guard storedCount > 0 else {
      do {
        try ChunkRows.insert(chunk, session: sessionKey, into: store.database)
      } catch let error as SQLiteError where error.isUniqueViolation {
        throw try conflict(expected: head)
      }
      return
    }
    guard
      try ChunkRows.update(
        chunk, storedCount: storedCount, session: sessionKey, in: store.database)
    else { throw try conflict(expected: head) }
  }

  private func nextSeq(t: Double) throws -> Int64 {
    let seq = head + 1
    try EventTime.check(t, seq: seq, previous: lastT, startedAt: startedAt)
    return seq
  }

  private func reduce(_ action: Action, seq: Int64, t: Double, into state: inout State)
    -> [Effect]
  {
    let context = ActionContext(session: session.id, startedAt: startedAt, sequence: seq, t: t)
    return Reducer.reduce(into: &state, action: action, context: context)
  }

  /// Makes a staged event the new head in memory (after the caller committed it, or inside the
  /// caller's single transaction).
  func accept(_ staged: Staged) {
    state = staged.state
    head = staged.seq
    lastT = staged.t
    tail = staged.tail
    storedTailCount = staged.tail.count
    if let checkpoint = staged.checkpoint { lastCheckpoint = checkpoint }
  }

  /// Moves the stored head from `expected` to the in-memory (or staged) head: a compare-and-set,
  /// so a concurrent writer that got there first makes this throw ``StoreError/conflict``.
  func storeHead(expected: Int64, to newHead: Int64, lastT newLastT: Double) throws {
    let update = try store.database.cached(
      "UPDATE sessions SET event_count = ?, last_t = ? WHERE pk = ? AND event_count = ?")
    try update.bind(newHead, at: 1)
    try update.bind(newLastT, at: 2)
    try update.bind(sessionKey, at: 3)
    try update.bind(expected, at: 4)
    try update.run()
    guard store.database.changes == 1 else { throw try conflict(expected: expected) }
  }

  /// Checkpoints the current head if the policy did not already (the end of an import or of a
  /// recording), so `verify` always covers the last state.
  func checkpointHead() throws {
    guard head > 0, lastCheckpoint?.seq != head else { return }
    lastCheckpoint = try writeCheckpoint(state, seq: head)
  }

  /// Writes the checkpoint after event `seq` and returns what the policy needs to know of it.
  private func writeCheckpoint(_ state: State, seq: Int64) throws -> CheckpointPolicy.Previous {
    let insert = try store.database.cached(
      """
      INSERT OR REPLACE INTO checkpoints (session_pk, seq, reducer_version, state, state_sha256)
      VALUES (?, ?, ?, ?, ?)
      """)
    try insert.bind(sessionKey, at: 1)
    try insert.bind(seq, at: 2)
    try insert.bind(Reducer.version, at: 3)
    let checkpoint = try store.stateCodec.checkpoint(state)
    try insert.bind(checkpoint.snapshot, at: 4)
    try insert.bind(checkpoint.hash, at: 5)
    try insert.run()
    return CheckpointPolicy.Previous(seq: seq, bytes: checkpoint.snapshot.count)
  }

  private func conflict(expected: Int64) throws -> StoreError {
    let actual = try store.database.cached("SELECT event_count FROM sessions WHERE pk = ?")
    try actual.bind(sessionKey, at: 1)
    let count = try actual.firstRow { $0.int64(0) } ?? -1
    return StoreError.conflict(session: session.idString, expected: expected, actual: count)
  }
}
