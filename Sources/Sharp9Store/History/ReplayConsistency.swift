import Foundation
import Sharp9Domain

/// Checks that a session replays the same way every time and from every starting point: the
/// properties `sharp9 fuzz` and `sharp9 minimize --diverges` look for.
///
/// 1. Determinism: two folds of the same actions give equal states and effects after every event.
/// 2. Snapshots: the state at every `snapshotInterval`-th event survives the snapshot encoding
///    (``StateCodec``) unchanged, so a replay resumed from a snapshot equals one from scratch.
/// 3. The store round trip (real reducer only): the script stored in a private in-memory event
///    log (actions through ``ActionCodec``, checkpoints every `snapshotInterval` events) gives, at
///    every checkpoint and between them, `state(of:at:)` equal to a replay from scratch.
public struct ReplayConsistency {
  /// The reducer under test (the real one by default; tests plant bugs through it).
  public var reduce: InvariantChecker.Reduce
  /// Snapshot spacing for checks 2 and 3; small, so short sessions cross several snapshots.
  public var snapshotInterval: Int
  /// Whether to run check 3 (only meaningful with the real reducer, which the store uses).
  public var checksStoreRoundTrip: Bool
  private let codec = StateCodec()

  /// Creates a checker; with a substituted reducer the store round trip is skipped.
  public init(reduce: InvariantChecker.Reduce? = nil, snapshotInterval: Int = 16) {
    self.reduce = reduce ?? Reducer.reduce
    self.snapshotInterval = max(snapshotInterval, 1)
    checksStoreRoundTrip = reduce == nil
  }

  /// The first inconsistency found in `script` (reduced un-recorded), as one line; `nil` when
  /// the replays agree.
  public func firstProblem(in script: SessionScript) throws -> String? {
    var first = State()
    var second = State()
    for (index, scripted) in script.actions.enumerated() {
      let context = script.context(forActionAt: index)
      let effects = reduce(&first, scripted.action, context)
      let again = reduce(&second, scripted.action, context)
      let seq = index + 1
      if first != second || effects != again {
        return "two replays differ after event \(seq): " + describe(first, second)
      }
      if seq % snapshotInterval == 0 {
        let restored = try codec.state(fromSnapshot: codec.snapshot(first))
        if restored != first {
          return "the snapshot after event \(seq) does not restore the state: "
            + describe(first, restored)
        }
      }
    }
    return checksStoreRoundTrip ? try storeRoundTripProblem(script) : nil
  }

  private func storeRoundTripProblem(_ script: SessionScript) throws -> String? {
    let interval = Int64(snapshotInterval)
    let store = try EventStore.inMemory(checkpointPolicy: CheckpointPolicy(interval: interval))
    let session = try store.createSession(
      NewSession(title: "consistency", startedAt: script.startedAt, sharp9Version: "check"),
      unrecordedScript: script)
    let replay = try store.replay(session)
    while let step = try replay.next() {
      let probe = step.seq % interval == 0 || step.seq % interval == interval / 2
      guard probe || step.seq == session.eventCount else { continue }
      let resumed = try store.state(of: session, at: step.seq)
      if resumed != step.state {
        return "state at event \(step.seq) from the nearest snapshot differs from a replay from"
          + " scratch: " + describe(step.state, resumed)
      }
    }
    return nil
  }

  private func describe(_ expected: State, _ actual: State) -> String {
    let changes = (try? StateDiff.changes(from: expected, to: actual)) ?? []
    guard !changes.isEmpty else { return "(equal JSON; a non-JSON difference such as NaN)" }
    return changes.prefix(3).map(\.description).joined(separator: "; ")
  }
}
