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

  /// A script of exactly `events` actions (`events >= 0`) with a header naming the start time and
  /// a fictitious audio file.
  public func script(events: Int) -> SessionScript {
    let header = SessionScriptHeader(
      startedAt: Self.startedAt, audio: "fuzz.wav", title: "fuzz seed \(seed)")
    var run = FuzzRun(random: SplitMix64(seed: seed), header: header)
    while run.script.actions.count < events { run.step() }
    run.script.actions.removeLast(run.script.actions.count - events)
    return run.script
  }
}

/// One generation in progress: the script so far, the state it leads to, the session clock.
/// Its moves choose kinds, bursts and pauses; every action's values come from ``RandomActions``.
struct FuzzRun {
  var actions: RandomActions
  var script: SessionScript
  var state = State()
  var t = 0.0

  init(random: SplitMix64, header: SessionScriptHeader) {
    actions = RandomActions(random: random)
    script = SessionScript(header: header, actions: [])
  }

  /// Appends one move (one or a few actions) chosen by weight.
  mutating func step() {
    if script.actions.isEmpty {
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
    script.actions.append(ScriptedAction(t: t, action: action))
    let context = script.context(forActionAt: script.actions.count - 1)
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
