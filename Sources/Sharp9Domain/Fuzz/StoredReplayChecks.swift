import Foundation

/// The checks of ``ReplayConsistency`` that need the store: the snapshot encoding and a stored
/// session. The driver stays pure; the store supplies these (`StoredReplayChecks.store` in
/// `Sharp9Store`), tests may supply others.
public struct StoredReplayChecks {
  /// Encodes a state as a snapshot and decodes it back (check 2); `nil` skips the check.
  public var snapshotRoundTrip: ((State) throws -> State)?
  /// Opens a private stored session that starts at the given date, with a checkpoint every
  /// `interval` events, in a temporary file when `onDisk` (check 3); `nil` skips the check.
  public var openSession:
    ((_ startedAt: Date, _ interval: Int64, _ onDisk: Bool) throws -> any StoredSessionCheck)?

  /// Checks with the given parts.
  public init(
    snapshotRoundTrip: ((State) throws -> State)?,
    openSession: ((Date, Int64, Bool) throws -> any StoredSessionCheck)?
  ) {
    self.snapshotRoundTrip = snapshotRoundTrip
    self.openSession = openSession
  }
}

/// Check 3 of ``ReplayConsistency``: a session stored one action at a time, then read back and
/// compared with a replay from scratch.
public protocol StoredSessionCheck: AnyObject {
  /// Stores the next action (un-recorded marker ids, as a script has them).
  func append(_ scripted: ScriptedAction) throws
  /// Stores what is left and returns the first difference between the stored session (state at
  /// each checkpoint, and between them) and a replay from scratch
  /// (``ReplayProblem/Check/storedStateDiffers``); `nil` when none.
  func firstProblem() throws -> ReplayProblem?
}
