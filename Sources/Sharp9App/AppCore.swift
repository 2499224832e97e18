import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The running app, the layer every front end stands on: ``send(_:at:)`` reduces an action with
/// its event context, appends the event durably, hands the effects to the engine, and then tells
/// the observers. What the engine reports back (load results) comes back as actions through the
/// same path, so the log holds everything the state depends on; time updates are sent by the front
/// end that drives the engine (it knows the frame each one belongs to).
///
/// Rules that hold for every action:
/// - Nothing reaches an observer before its event is durable, nor the engine unless the sender
///   asks for it (`beforeCommit`: a live engine whose action must reach the audio thread before
///   a frame it claimed); when the append throws, nothing changed (state, head, and the engine
///   too unless the effects went before the commit).
/// - An action sent while another is being handled (a load result, or an observer sending) is
///   queued and sent right after it, in order.
/// - Clock, session id, log, engine and peak computer come from ``AppDependencies``.
///
/// Not `Sendable`: a core belongs to one task, like its log and engine.
///
/// ```swift
/// let core = try AppCore(
///   dependencies: AppDependencies(log: store, engine: SilentAudioEngine()),
///   start: .new(NewSessionInfo(title: "live session", sharp9Version: "1.0")))
/// try core.send(.importPicked(url: url))
/// ```
public final class AppCore {
  /// Which session the core records into.
  public enum Start {
    /// A new session, created with the first action (input without one leaves nothing behind).
    case new(NewSessionInfo)
    /// An existing session, continued from its stored head.
    case continuing(SessionRecord)
  }

  /// The state after the last recorded event.
  public private(set) var state = State()
  /// The loaded track's waveform peaks, once computed.
  public private(set) var peaks: WaveformPeaks?
  /// The session, once created (with its head).
  public var session: SessionRecord? { writer?.session }

  private let dependencies: AppDependencies
  private let reportsLoadResults: Bool
  private var pendingStart: NewSessionInfo?
  private var writer: (any SessionWriter)?
  private var runner: EffectRunner
  private var observers: [Int: (AppCore) -> Void] = [:]
  private var nextObserver = 0
  /// Added to the clock's elapsed seconds: where the clock's zero lies in session time.
  private var clockOffset = 0.0
  private var startedAt: Date
  private var isSending = false
  /// Actions to send after the one being handled, each with its `t` (nil: the clock's).
  private var queued: [(action: Action, t: Double?)] = []
  /// The song being practised (its audio's SHA-256), whose saved loops are kept with it.
  private let song: String?
  /// Whether this core started the session (a continued one has its song's loops already).
  private let startsSession: Bool

  /// A core recording into `start`.
  ///
  /// - Parameter reportsLoadResults: whether each load's result is sent as `importSucceeded` /
  ///   `importFailed` (an engine that really loads); `false` when the client reports loads itself
  ///   (`record`, whose silent engine loads nothing) and failures only come back in ``SentAction``.
  /// - Throws: the log's error when an existing session cannot be read.
  public init(dependencies: AppDependencies, start: Start, reportsLoadResults: Bool = true) throws {
    self.dependencies = dependencies
    self.reportsLoadResults = reportsLoadResults
    runner = EffectRunner(computePeaks: dependencies.computePeaks)
    switch start {
    case .new(let info):
      pendingStart = info
      startedAt = dependencies.clock.now()
      song = info.audio?.sha256
      startsSession = true
    case .continuing(let session):
      song = session.audio?.sha256
      startsSession = false
      let writer = try dependencies.log.writer(for: session)
      self.writer = writer
      state = writer.state
      startedAt = session.startedAt.date
      clockOffset = max(writer.session.lastT, dependencies.clock.now().timeIntervalSince(startedAt))
    }
  }

  /// Records `action` at `t` seconds since the session started (the clock's time when `nil`),
  /// performs its effects, then sends what the engine reported, each as its own event.
  ///
  /// With `beforeCommit`, the action's effects reach the engine once its event is staged, before
  /// it is committed, and then `beforeCommit` runs: its error aborts the append (the engine must
  /// drop those effects itself). The actions sent after it (load results, restored marks) go the
  /// usual way.
  ///
  /// - Throws: the log's error (``StoreError/invalidTime(seq:t:previous:)``,
  ///   ``StoreError/conflict(session:expected:actual:)``, the backend's) or `beforeCommit`'s;
  ///   nothing changed then but the engine, when the effects went before the commit.
  @discardableResult
  public func send(
    _ action: Action, at t: Double? = nil, beforeCommit: (() throws -> Void)? = nil
  ) throws -> SentAction {
    guard !isSending else {
      queued.append((action, nil))
      return SentAction(events: [], failures: [])
    }
    isSending = true
    defer { isSending = false }
    var sent = SentAction(events: [], failures: [])
    try record(action, at: t, into: &sent, beforeCommit: beforeCommit)
    while !queued.isEmpty {
      let next = queued.removeFirst()
      do {
        try record(next.action, at: next.t, into: &sent)
      } catch {
        queued.removeAll()
        throw error
      }
    }
    return sent
  }

  /// Ends the recording at the clock's time (the last state checkpointed, the end stamped); a
  /// session never created is left alone.
  public func finish() throws {
    try writer?.finish(at: dependencies.clock.now())
  }

  /// Calls `observer` with the core after every recorded event; returns the id that removes it.
  @discardableResult
  public func observe(_ observer: @escaping (AppCore) -> Void) -> Int {
    nextObserver += 1
    observers[nextObserver] = observer
    return nextObserver
  }

  /// Stops calling the observer `id`.
  public func removeObserver(_ id: Int) {
    observers[id] = nil
  }

  private func record(
    _ action: Action, at explicitT: Double?, into sent: inout SentAction,
    beforeCommit: (() throws -> Void)? = nil
  ) throws {
    let writer = try self.writer ?? createSession()
    let t = explicitT ?? max(clockOffset + dependencies.clock.elapsedSec(), writer.session.lastT)
    var early: EffectRunner.Outcome?
    let step = try writer.append(action, at: t, expecting: writer.session.eventCount) { staged in
      guard let beforeCommit else { return }
      early = runner.run(staged.effects, on: dependencies.engine)
      try beforeCommit()
    }
    let previous = state
    state = step.state
    sent.events.append(step)
    let outcome = early ?? runner.run(step.effects, on: dependencies.engine)
    if let computed = outcome.peaks { peaks = computed }
    sent.failures += outcome.failures
    if reportsLoadResults { queued += outcome.reported.map { ($0, nil) } }
    try keepSongMarks(after: action, at: t, before: previous)
    for observer in observers.sorted(by: { $0.key < $1.key }) { observer.value(self) }
  }

  /// The song's saved loops and sections belong to the song: when a new session loads it, they
  /// are brought in (as actions, so the session's log holds them and replays alone), followed by
  /// the plain markers, speed and pitch its last session left
  /// (``SongHistory/lastSettings(of:in:excluding:)``); when the musician changes the loops or the
  /// sections, the song's stream gets the new marks. The restores are recorded at the load's
  /// time: a front end clocked by a device must not see `t` jump ahead of its frames.
  private func keepSongMarks(after action: Action, at t: Double, before previous: State) throws {
    guard let song else { return }
    if case .importSucceeded = action, startsSession {
      let marks = try dependencies.log.songMarks(of: song)
      if !marks.sections.isEmpty { queued.append((.sectionsRestored(marks.sections), t)) }
      if !marks.loops.isEmpty { queued.append((.savedLoopsRestored(marks.loops), t)) }
      if let settings = try SongHistory.lastSettings(
        of: song, in: dependencies.log, excluding: session?.id)
      {
        queued.append((.songSettingsRestored(settings), t))
      }
    } else if action.isUserAction, let session,
      state.savedLoops != previous.savedLoops
        || (state.markers != previous.markers && state.sections != previous.sections)
    {
      try dependencies.log.recordSongMarks(
        SongMarks(loops: state.savedLoops, sections: state.sections), of: song,
        from: session.id, at: dependencies.clock.now())
    }
  }

  private func createSession() throws -> any SessionWriter {
    guard let info = pendingStart else { preconditionFailure("a core always has a session") }
    let session = try dependencies.log.createSession(
      NewSession(
        title: info.title, startedAt: startedAt, audio: info.audio,
        sharp9Version: info.sharp9Version),
      id: dependencies.makeSessionID())
    let created = try dependencies.log.writer(for: session)
    writer = created
    pendingStart = nil
    return created
  }
}
