import Foundation

/// Generates random but plausible practice sessions from a seed: a track is loaded, then the
/// playhead ticks at 30 Hz while playing, interleaved with seeks, loop edits and A/B cycling,
/// speed and pitch changes, markers, undo/redo storms, lock periods, toast timers and the odd
/// re-import or out-of-range value. The same seed and length give the same script on every run and machine.
///
/// The generator folds ``Reducer`` as it goes, so its choices follow the session (ticks advance
/// from the playhead and wrap at B while looping; `deleteMarker` names a marker that exists). Its
/// contexts are those of ``SessionScript/context(forActionAt:)``, so the script reduces the same
/// way un-recorded; to store it under another session id, re-home marker ids with
/// ``MarkerIDRebase``.
///
/// ```swift
/// let script = SessionFuzzer(seed: 7).script(events: 500)
/// ```
public struct SessionFuzzer: Sendable {
  /// The seed every choice derives from.
  public let seed: UInt64

  /// When generated sessions start: 2026-01-01T00:00:00Z (fixed, so toasts expire identically).
  public static let startedAt = Date(timeIntervalSince1970: 1_767_225_600)

  /// Creates a generator.
  public init(seed: UInt64) { self.seed = seed }

  /// The header of every generated script: the start time and a fictitious audio file.
  public var header: SessionScriptHeader {
    SessionScriptHeader(startedAt: Self.startedAt, audio: "fuzz.wav", title: "fuzz seed \(seed)")
  }

  /// A script of exactly `events` actions (`events >= 0`), the first `events` of ``actions()``.
  public func script(events: Int) -> SessionScript {
    SessionScript(header: header, actions: Array(actions().prefix(events)))
  }

  /// The generated actions one at a time, without end: memory stays flat however many are
  /// taken (`sharp9 fuzz --events 1000000` streams them). Action `n` is the same whether it is
  /// taken from here or from ``script(events:)`` with `events >= n`.
  public func actions() -> Actions {
    Actions(run: FuzzRun(random: SplitMix64(seed: seed), header: header))
  }

  /// The endless sequence of a seed's actions (see ``actions()``).
  public struct Actions: Sequence, IteratorProtocol {
    var run: FuzzRun
    /// How many of `run.pending` were handed out.
    private var taken = 0

    init(run: FuzzRun) { self.run = run }

    /// The next action; a move's burst of actions is handed out one by one.
    public mutating func next() -> ScriptedAction? {
      while taken == run.pending.count {
        run.pending.removeAll(keepingCapacity: true)
        taken = 0
        run.step()
      }
      defer { taken += 1 }
      return run.pending[taken]
    }
  }
}

/// One generation in progress: the actions of the current move, the state they lead to, the
/// session clock. Its moves choose kinds, bursts and pauses; every action's values come from
/// ``RandomActions``.
struct FuzzRun {
  var actions: RandomActions
  let header: SessionScriptHeader
  /// The actions emitted and not yet taken (one move's worth).
  var pending: [ScriptedAction] = []
  /// How many actions were emitted so far.
  var emitted = 0
  var state = State()
  var t = 0.0

  init(random: SplitMix64, header: SessionScriptHeader) {
    actions = RandomActions(random: random)
    self.header = header
  }

  /// Emits one move (one or a few actions) chosen by weight.
  mutating func step() {
    if emitted == 0 {
      emit(.onAppear, after: 0)
      loadTrack()
      return
    }
    let moves: [(weight: Int, move: (inout FuzzRun) -> Void)] = [
      (state.transport.isPlaying ? 60 : 8, { $0.tick() }),
      (4, { $0.emit(.togglePlay) }),
      (8, { $0.seek() }),
      (3, { $0.emit(.setMode) }),
      (9, { $0.editLoop() }),
      (7, { $0.changeTempo() }),
      (6, { $0.editMarkers() }),
      (state.isLocked ? 25 : 1, { $0.emit(.setLocked) }),
      (4, { $0.emit(.clearToastIfExpired) }),
      (5, { $0.undoRedoStorm() }),
      (1, { $0.oddity() }),
    ]
    var roll = Int.random(in: 0..<moves.map(\.weight).reduce(0, +), using: &actions.random)
    for (weight, move) in moves {
      if roll < weight { return move(&self) }
      roll -= weight
    }
  }

  /// Appends an action of `kind` after a human-sized pause (or `after` seconds) and folds it.
  mutating func emit(_ kind: Action.Kind, after gap: Double? = nil) {
    t += gap ?? RandomActions.millis(Double.random(in: 0.05...1.5, using: &actions.random))
    let now = SessionFuzzer.startedAt.addingTimeInterval(t)
    let action = actions.next(kind, in: state, now: now)
    pending.append(ScriptedAction(t: t, action: action))
    emitted += 1
    // The context ``SessionScript/context(forActionAt:)`` gives action `emitted - 1`.
    let context = ActionContext(
      session: SessionScript.unrecordedSessionID,
      startedAt: header.startedAt ?? SessionScript.defaultStartedAt, sequence: Int64(emitted), t: t)
    _ = Reducer.reduce(into: &state, action: action, context: context)
  }

  /// A number in `range`.
  mutating func count(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &actions.random)
  }

  /// `importPicked`, then mostly `importSucceeded`.
  mutating func loadTrack() {
    emit(.importPicked)
    emit(actions.chance(95) ? .importSucceeded : .importFailed, after: 0.2)
  }
}
