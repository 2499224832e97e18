import Foundation

/// Checks that a session replays the same way every time and from every starting point: the
/// properties `sharp9 fuzz` and `sharp9 minimize --diverges` look for.
///
/// 1. Determinism: two folds of the same actions give equal states and effects after every event.
/// 2. Snapshots: the state at every `snapshotInterval`-th event survives the snapshot encoding
///    unchanged, so a replay resumed from a snapshot equals one from scratch.
/// 3. The store round trip (real reducer only): the script stored in a private event log
///    (checkpoints every `snapshotInterval` events) gives, at every checkpoint and between them,
///    the state equal to a replay from scratch.
///
/// Checks 2 and 3 need the store's codec and an event log: they come in as
/// ``StoredReplayChecks``, so this driver is pure and the store is swappable.
public struct ReplayConsistency {
  /// The reducer under test (the real one by default; tests plant bugs through it).
  public var reduce: InvariantChecker.Reduce
  /// Snapshot spacing for checks 2 and 3; small, so short sessions cross several snapshots.
  public var snapshotInterval: Int
  /// Whether to run check 3 (only meaningful with the real reducer, which the store uses).
  public var checksStoreRoundTrip: Bool
  /// Checks 2 and 3, as the store supplies them.
  public var stored: StoredReplayChecks

  /// Creates a checker; with a substituted reducer the store round trip is skipped.
  public init(
    reduce: InvariantChecker.Reduce? = nil, snapshotInterval: Int = 16,
    stored: StoredReplayChecks
  ) {
    self.reduce = reduce ?? Reducer.reduce
    self.snapshotInterval = max(snapshotInterval, 1)
    self.stored = stored
    checksStoreRoundTrip = reduce == nil
  }

  /// The first inconsistency found in `script` (reduced un-recorded); `nil` when the replays
  /// agree.
  public func firstProblem(in script: SessionScript) throws -> ReplayProblem? {
    let stream = try Stream(self, startedAt: script.startedAt, onDisk: false)
    for scripted in script.actions {
      if let problem = try stream.check(scripted) { return problem }
    }
    return try stream.finish()
  }

  /// The same checks on a session given one action at a time, in flat memory (`sharp9 fuzz
  /// --events 1000000`): ``check(_:)`` each action in order, then ``finish()``.
  public final class Stream {
    private let checker: ReplayConsistency
    private let startedAt: Date
    private var first = State()
    private var second = State()
    private var seq: Int64 = 0
    private let roundTrip: (any StoredSessionCheck)?

    /// Starts checking a session that starts at `startedAt`; with `onDisk`, the store of the
    /// round trip is a temporary file rather than memory.
    public init(_ checker: ReplayConsistency, startedAt: Date, onDisk: Bool) throws {
      self.checker = checker
      self.startedAt = startedAt
      roundTrip =
        checker.checksStoreRoundTrip
        ? try checker.stored.openSession?(startedAt, Int64(checker.snapshotInterval), onDisk)
        : nil
    }

    /// Checks the next action (checks 1 and 2) and stores it for check 3.
    public func check(_ scripted: ScriptedAction) throws -> ReplayProblem? {
      seq += 1
      let context = ActionContext(
        session: SessionScript.unrecordedSessionID, startedAt: startedAt, sequence: seq,
        t: scripted.t)
      let effects = checker.reduce(&first, scripted.action, context)
      let again = checker.reduce(&second, scripted.action, context)
      if first != second || effects != again {
        return ReplayProblem(.replaysDiffer, at: seq, expected: first, actual: second)
      }
      if seq % Int64(checker.snapshotInterval) == 0,
        let snapshotRoundTrip = checker.stored.snapshotRoundTrip
      {
        let restored = try snapshotRoundTrip(first)
        if restored != first {
          return ReplayProblem(.snapshotDoesNotRestore, at: seq, expected: first, actual: restored)
        }
      }
      try roundTrip?.append(scripted)
      return nil
    }

    /// Check 3, once every action was checked.
    public func finish() throws -> ReplayProblem? {
      try roundTrip?.firstProblem()
    }
  }
}
