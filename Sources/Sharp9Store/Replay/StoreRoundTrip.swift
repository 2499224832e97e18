import Foundation
import Sharp9Domain

/// Check 3 of `ReplayConsistency` (the store's ``StoredSessionCheck``), fed one action at a time: the actions are stored as a
/// session (marker ids re-homed, checkpoints per the interval) and, at the end, every checkpoint
/// and the events between them are read back and compared with a replay from scratch.
///
/// Memory stays flat however long the session: actions are written in windows of
/// ``windowSize`` (one transaction each), and the store is a temporary file (removed when this
/// goes away) unless a short script asks for a private in-memory one.
final class StoreRoundTrip: StoredSessionCheck {
  /// Actions per write transaction.
  static let windowSize = 4_096

  private let store: EventStore
  private let directory: URL?
  private let interval: Int64
  private var session: SessionRecord
  private var window: [ScriptedAction] = []
  /// The state, head and last `t` after the stored windows.
  private var state = State()
  private var head: Int64 = 0
  private var lastT = 0.0

  /// Starts an empty session starting at `startedAt`, with a checkpoint every `interval` events.
  init(startedAt: Date, interval: Int64, onDisk: Bool) throws {
    let policy = CheckpointPolicy(interval: interval)
    if onDisk {
      let directory = FileManager.default.temporaryDirectory
        .appending(path: "sharp9-fuzz-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      self.directory = directory
      store = try EventStore(
        path: directory.appending(path: "store.sqlite").path, checkpointPolicy: policy,
        synchronous: .normal)
    } else {
      directory = nil
      store = try EventStore.inMemory(checkpointPolicy: policy)
    }
    self.interval = interval
    session = try store.createSession(
      NewSession(title: "consistency", startedAt: startedAt, sharp9Version: "check"))
    window.reserveCapacity(Self.windowSize)
  }

  deinit {
    if let directory { try? FileManager.default.removeItem(at: directory) }
  }

  /// Adds the next action (un-recorded marker ids, as a script has them).
  func append(_ scripted: ScriptedAction) throws {
    window.append(scripted)
    if window.count == Self.windowSize { try storeWindow() }
  }

  /// Stores what is left and compares the stored session with a replay from scratch; the first
  /// difference, `nil` when there is none.
  func firstProblem() throws -> ReplayProblem? {
    try storeWindow()
    let stored = try store.session(id: session.id)
    let replay = try store.replay(stored)
    while let step = try replay.next() {
      let probe = step.seq % interval == 0 || step.seq % interval == interval / 2
      guard probe || step.seq == stored.eventCount else { continue }
      let resumed = try store.state(of: stored, at: step.seq)
      if resumed != step.state {
        return ReplayProblem(
          .storedStateDiffers, at: step.seq, expected: step.state, actual: resumed)
      }
    }
    return nil
  }

  private func storeWindow() throws {
    guard !window.isEmpty else { return }
    try store.database.transaction {
      let appender = try EventAppender(
        store: store, session: session, state: state, head: head, lastT: lastT)
      for scripted in window {
        let action = MarkerIDRebase.rehome(
          scripted.action, from: SessionScript.unrecordedSessionID, to: session.id)
        try appender.appendInPlace(action, t: scripted.t)
      }
      try appender.finishBatch()
      state = appender.state
      head = appender.head
      lastT = appender.lastT
    }
    window.removeAll(keepingCapacity: true)
  }
}
