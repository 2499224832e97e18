import Foundation
import NIOCore
import Sharp9Domain

/// Events reduced and encoded in memory, not yet stored: what one append statement sends
/// (``PostgresStore/appendStatement(_:expecting:)``), with the head, state and checkpoint rule
/// they leave behind. A writer works on a copy and keeps it only once the statement succeeded,
/// so a failed append changes nothing in memory.
struct PostgresPendingAppend {
  /// The session appended to (its id and start, for each event's context).
  let session: SessionRecord
  /// The state after the last event added.
  private(set) var state: State
  /// The sequence number of the last event added (the stored head before the first).
  private(set) var head: Int64
  /// `t` of the last event added.
  private(set) var lastT: Double
  /// The session's last checkpoint, stored or pending (``CheckpointPolicy``).
  private(set) var lastCheckpoint: CheckpointPolicy.Previous?
  /// `t` of the stored head: what the statement checks the first event's time against.
  private(set) var storedLastT: Double

  private(set) var ids: [UUID] = []
  private(set) var times: [Double] = []
  private(set) var actions: [ByteBuffer] = []
  private(set) var checkpointSeqs: [Int64] = []
  private(set) var checkpointStates: [ByteBuffer] = []
  private(set) var checkpointHashes: [ByteBuffer] = []
  /// Events streamed by COPY in this transaction (``addCopied(_:at:)``), counted in the head but
  /// not in ``ids``: the statement that follows only moves the head over them.
  private(set) var copied: Int64 = 0

  private let policy: CheckpointPolicy
  private let codec: StateCodec

  /// Starts after `head` events whose state is `state`.
  init(
    session: SessionRecord, state: State, head: Int64, lastT: Double,
    lastCheckpoint: CheckpointPolicy.Previous?, policy: CheckpointPolicy, codec: StateCodec
  ) {
    self.session = session
    self.state = state
    self.head = head
    self.lastT = lastT
    storedLastT = lastT
    self.lastCheckpoint = lastCheckpoint
    self.policy = policy
    self.codec = codec
  }

  /// The stored head the pending events follow.
  var expectedHead: Int64 { head - Int64(ids.count) - copied }

  /// Reduces `action` at `t` into the state and adds the event (and a checkpoint when the policy
  /// says so).
  ///
  /// - Returns: the reducer's effects.
  /// - Throws: ``StoreError/invalidTime(seq:t:previous:)`` or
  ///   ``StoreError/timeBeyondDates(seq:t:latest:)``; nothing is added then.
  mutating func add(_ action: Action, at t: Double, id: UUID) throws -> [Effect] {
    let effects = try reduce(action, at: t)
    ids.append(id)
    times.append(t)
    actions.append(ByteBuffer(bytes: ActionCodec.encode(action)))
    try checkpointIfDue()
    return effects
  }

  /// Reduces `action` at `t` into the state as an event that COPY streams (counted in the head,
  /// not kept here), with a checkpoint when the policy says so.
  ///
  /// - Returns: the action's encoding, for the COPY's row.
  /// - Throws: as ``add(_:at:id:)``.
  mutating func addCopied(_ action: Action, at t: Double) throws -> [UInt8] {
    _ = try reduce(action, at: t)
    copied += 1
    try checkpointIfDue()
    return ActionCodec.encode(action)
  }

  /// Adds a checkpoint of the head unless it has one (the end of a recording or an import).
  mutating func checkpointHead() throws {
    guard head > 0, lastCheckpoint?.seq != head else { return }
    try addCheckpoint()
  }

  /// Forgets the events and checkpoints sent, keeping the head and state they left (after a
  /// statement stored them).
  mutating func markStored() {
    ids.removeAll(keepingCapacity: true)
    times.removeAll(keepingCapacity: true)
    actions.removeAll(keepingCapacity: true)
    checkpointSeqs.removeAll()
    checkpointStates.removeAll()
    checkpointHashes.removeAll()
    copied = 0
    storedLastT = lastT
  }

  /// Checks `t` and folds `action` into the state as the event after the head.
  private mutating func reduce(_ action: Action, at t: Double) throws -> [Effect] {
    let seq = head + 1
    let startedAt = session.startedAt.date
    try EventTime.check(t, seq: seq, previous: lastT, startedAt: startedAt)
    let context = ActionContext(session: session.id, startedAt: startedAt, sequence: seq, t: t)
    let effects = Reducer.reduce(into: &state, action: action, context: context)
    head = seq
    lastT = t
    return effects
  }

  private mutating func checkpointIfDue() throws {
    if policy.isCheckpoint(head, after: lastCheckpoint) { try addCheckpoint() }
  }

  private mutating func addCheckpoint() throws {
    let checkpoint = try codec.checkpoint(state)
    checkpointSeqs.append(head)
    checkpointStates.append(ByteBuffer(bytes: checkpoint.snapshot))
    checkpointHashes.append(ByteBuffer(bytes: checkpoint.hash))
    lastCheckpoint = CheckpointPolicy.Previous(seq: head, bytes: checkpoint.snapshot.count)
  }
}
