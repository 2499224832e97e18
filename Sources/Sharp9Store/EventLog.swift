import Foundation
import Sharp9Domain

/// The event log as the app core and the front ends see it: sessions, their events in order, the
/// state at any event, and appends that say which head they expect.
///
/// ``EventStore`` (SQLite) and ``PostgresStore`` implement it; front ends get one from
/// ``StoreLocation`` and never name a backend. Everything that only folds events (replay,
/// verify, check, the edit timeline, fork, export, import by default) is an extension of this
/// protocol, so every backend has it. What every implementation must guarantee is in
/// docs/design/store.md ("What a store backend must guarantee"): gapless sequence numbers from 1,
/// non-decreasing `t`, an append that is durable before it returns and conflicts instead of
/// overwriting when another writer moved the head, ``state(of:at:)`` equal to folding the
/// session's events from scratch through the current ``Reducer``, and failures that carry a
/// ``StoreResultCode``.
///
/// ```swift
/// let log = try StoreLocation(url: "sqlite:sharp9.sqlite").open(.createIfMissing)
/// let session = try log.createSession(new, id: UUID())
/// let writer = try log.writer(for: session)
/// let step = try writer.append(.togglePlay, at: 0.5, expecting: 0)
/// ```
public protocol EventLog: AnyObject {
  /// What ``events(of:after:through:)`` returns.
  associatedtype Events: EventReading
  /// What ``writer(for:)`` returns.
  associatedtype Writer: SessionWriter

  /// Creates an empty session with the given id.
  func createSession(_ new: NewSession, id: UUID) throws -> SessionRecord
  /// Creates a session holding `actions` (with their `t`), reduced and checkpointed as a
  /// recording would be, all or nothing; `deleteMarker` ids are re-homed from `originalSession`,
  /// whose events `originalSeqs` created the markers (``MarkerIDRebase``).
  func createSession(
    _ new: NewSession, actions: [ScriptedAction], originalSeqs: [Int64], from originalSession: UUID
  ) throws -> SessionRecord
  /// Stores a session made elsewhere (a bundle's) under its own id, all or nothing: the title,
  /// the times it was created, started and ended, its audio, versions and device as `record`
  /// has them, and `events` reduced and checkpointed as a recording would be.
  ///
  /// - Throws: ``StoreError/conflict(session:expected:actual:)`` when a session has that id, or
  ///   ``StoreError/invalidTime(seq:t:previous:)``; nothing is stored then.
  func copySession(_ record: SessionRecord, events: [NewEvent]) throws -> SessionRecord
  /// Imports a session script as a new session, all or nothing: see
  /// ``EventStore/importScript(_:title:defaultTitle:sharp9Version:audio:progress:)``. A default
  /// implementation builds on ``createSession(_:actions:originalSeqs:from:)``; SQLite streams
  /// the script through one transaction instead.
  func importScript(
    _ data: Data, title: String?, defaultTitle: String, sharp9Version: String,
    audio: (String) throws -> RecordedAudio?, progress: (Double) -> Void
  ) throws -> SessionRecord
  /// The session with exactly this id, with its current head.
  ///
  /// - Throws: ``StoreError/sessionNotFound(_:)``.
  func session(id: UUID) throws -> SessionRecord
  /// The one session whose id starts with `prefix` (case-insensitive).
  ///
  /// - Throws: ``StoreError/sessionNotFound(_:)`` or ``StoreError/ambiguousSession(_:matches:)``.
  func session(matching prefix: String) throws -> SessionRecord
  /// Every session, oldest start first.
  func sessions() throws -> [SessionRecord]
  /// Marks a session as ended at `date`.
  func endSession(_ id: UUID, at date: Date) throws
  /// Deletes a session with everything recorded for it, all or nothing.
  func deleteSession(_ id: UUID) throws
  /// The session's events `after + 1 ... through` (through its head when `nil`), in order.
  func events(of session: SessionRecord, after: Int64, through: Int64?) throws -> Events
  /// The state after event `seq` (0: before the first; `nil`: after the last).
  ///
  /// - Throws: ``StoreError/sequenceOutOfRange(session:seq:count:)`` outside `0...head`.
  func state(of session: SessionRecord, at seq: Int64?) throws -> State
  /// The session's checkpoints (any reducer version's), oldest first.
  func checkpoints(of session: SessionRecord) throws -> [RecordedCheckpoint]
  /// The snapshot bytes stored with the checkpoint at `seq`, or `nil` when there is none there.
  func checkpointSnapshot(of session: SessionRecord, at seq: Int64) throws -> Data?
  /// A writer that appends to `session` from its stored head.
  func writer(for session: SessionRecord) throws -> Writer
  /// The saved loops and sections of the song whose audio has SHA-256 `song` (empty for none):
  /// they belong to the song, not to one session.
  func songMarks(of song: String) throws -> SongMarks
  /// Appends the song's new saved loops and sections, changed in `session` (nil: an import) at
  /// `date`, durably; unchanged marks append nothing.
  func recordSongMarks(_ marks: SongMarks, of song: String, from session: UUID?, at date: Date)
    throws
  /// The journal's practice summary kept for `session` as it now is, or nil when none holds. A
  /// backend may keep none (``EventLog`` gives that by default): the journal then replays.
  func cachedPractice(of session: SessionRecord) throws -> SessionPractice?
  /// Keeps `practice` as the summary of `session` as it now is (by default, nowhere).
  func cachePractice(_ practice: SessionPractice, of session: SessionRecord) throws

  /// Appends `events` to `session` when its head is `head`, all or nothing, idempotently
  /// (EventStoreDB's rules): a batch whose events are all stored already right after `head` (a
  /// retry after a lost acknowledgement) is acknowledged again, never stored twice; a partial
  /// overlap, or another head, is ``StoreError/conflict(session:expected:actual:)``.
  func append(_ events: [NewEvent], to session: SessionRecord, expecting head: Int64) throws
    -> AppendOutcome

  /// Keeps a new device token (only the SHA-256 `hash` of its secret, ``DeviceSecret``).
  ///
  /// - Throws: ``StoreError/invalidDeviceName(_:)`` or ``StoreError/deviceTokenExists(_:)``.
  func addDeviceToken(_ token: DeviceToken, hash: Data) throws
  /// Forgets the device token `name`.
  ///
  /// - Throws: ``StoreError/deviceTokenNotFound(_:)``.
  func revokeDeviceToken(named name: String) throws
  /// Every device token, by name.
  func deviceTokens() throws -> [DeviceToken]
  /// The device token whose secret has SHA-256 `hash`, or nil.
  func deviceToken(hash: Data) throws -> DeviceToken?
}

/// A session's stored events, read in order one at a time (memory stays flat for any length).
public protocol EventReading: AnyObject {
  /// The next event, or `nil` after the last one.
  ///
  /// - Throws: ``StoreError/corruptEvent(session:seq:reason:)`` for an event that cannot be read.
  func next() throws -> StoredEvent?
}

/// Appends to one session: each append reduces the action with its event context and is durable
/// before it returns.
public protocol SessionWriter: AnyObject {
  /// The session, with its head as this writer knows it.
  var session: SessionRecord { get }
  /// The state after the last appended event.
  var state: State { get }
  /// Appends `action` at `t` seconds since the session started, when the head is `head`, and
  /// returns the event with the state after it and its effects. `beforeCommit` is handed the
  /// event once it is staged (reduced and written, not yet durable): what it does happens before
  /// the event is committed, and its error aborts the append.
  ///
  /// - Throws: ``StoreError/conflict(session:expected:actual:)`` when the head is not `head`
  ///   (another writer got there first), ``StoreError/invalidTime(seq:t:previous:)`` when `t` is
  ///   not finite or goes backwards, `beforeCommit`'s error, or the backend's error; in every
  ///   case nothing changed.
  func append(
    _ action: Action, at t: Double, expecting head: Int64,
    beforeCommit: (ReplayStep) throws -> Void
  ) throws -> ReplayStep
  /// Ends the recording at `date`: the last state is checkpointed and the end stamped.
  func finish(at date: Date) throws
}

extension SessionWriter {
  /// Appends `action` at `t` when the head is `head` (see
  /// ``append(_:at:expecting:beforeCommit:)``), with nothing to do before the commit.
  public func append(_ action: Action, at t: Double, expecting head: Int64) throws -> ReplayStep {
    try append(action, at: t, expecting: head) { _ in }
  }
}

extension EventCursor: EventReading {}

extension EventStore: EventLog {
  /// A ``Recorder`` continuing `session` from its stored head.
  public func writer(for session: SessionRecord) throws -> Recorder {
    try Recorder(store: self, session: session)
  }
}
