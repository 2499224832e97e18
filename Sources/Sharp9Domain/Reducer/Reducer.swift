import Foundation

/// The practice session's business rules: a pure function of (state, action, context) that mutates
/// the state and returns the effects the engine must perform, in order.
///
/// The reducer never reads the clock, a random source or a UUID generator: `now` and new ids come
/// from the ``ActionContext``, so the same actions give bit-identical states on every run.
///
/// Rules that hold for every action:
/// - While ``State/isLocked``, user actions other than `setLocked(false)` are ignored (no change,
///   no effects); engine and timer actions (``Action/isUserAction``) still apply.
/// - Actions about the track's content (time, markers, A/B, the loop) are no-ops with no track
///   loaded; speed, pitch, mode and the lock work without one.
/// - Every time is clamped to `[0, duration]`; a non-finite number makes the action a no-op.
/// - Toasts live ``PracticeRules/toastLifetime`` from the `now` of the action that raised them.
/// - Edits (``Action/editLabel(in:)``) that change something are recorded for undo and redo.
public enum Reducer {
  /// Identifies the rules: recorded with each session so replays by a later reducer are reported.
  public static let version = "7"

  /// Applies `action` to `state` and returns the effects, in the order the engine must run them.
  public static func reduce(
    into state: inout State, action: Action, context: ActionContext
  ) -> [Effect] {
    if state.isLocked, action.isUserAction, action != .setLocked(false) { return [] }
    guard let label = action.editLabel(in: state) else {
      return apply(action, to: &state, context)
    }
    let before = EditBaseline(state, action: action)
    let effects = apply(action, to: &state, context)
    recordEdit(label, from: before, into: &state)
    return effects
  }

  /// The rule of each action (the lock and the edit history are handled by ``reduce``).
  private static func apply(_ action: Action, to state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    switch action {
    case .onAppear: return []
    case .importPicked(let url): return importPicked(url, into: &state)
    case .importSucceeded(let track): return importSucceeded(track, into: &state, context)
    case .importFailed: return importFailed(into: &state, context)
    case .setMode(let mode):
      state.mode = mode
      return []
    case .tapWaveform(let time): return tapWaveform(time, into: &state, context)
    case .dragScrub(let time): return seek(to: time, in: &state)
    case .togglePlay: return togglePlay(&state)
    case .tick(let time): return tick(time, into: &state)
    case .speedDelta(let delta): return setSpeed(state.transport.speed + delta, &state, context)
    case .pitchDelta(let delta): return pitchDelta(delta, into: &state, context)
    case .addMarker(let time): return addMarker(at: time, into: &state, context)
    case .deleteMarker(let id): return deleteMarker(id, from: &state)
    case .toggleLoopEnabled(let enabled): return setLoopEnabled(enabled, in: &state, context)
    case .setA(let time): return setLoopPoint(\.aSec, to: time, in: &state)
    case .setB(let time): return setLoopPoint(\.bSec, to: time, in: &state)
    case .clearToastIfExpired(let now):
      if state.toastExpired(at: now ?? context.now) { state.toast = nil }
      return []
    case .skip(let seconds): return skip(seconds, in: &state)
    case .abCycle: return abCycle(&state)
    case .cycleSpeed: return cycleSpeed(&state, context)
    case .markNow: return markNow(&state, context)
    case .setLocked(let locked): return setLocked(locked, in: &state, context)
    case .seekToStart: return seekToStart(&state)
    case .seekToEnd: return seekToEnd(&state)
    case .undo: return undo(&state, context)
    case .redo: return redo(&state, context)
    case .setSpeed(let speed): return typeSpeed(speed, &state, context)
    case .setPitch(let semitones): return typePitch(semitones, &state, context)
    case .nudgeA(let seconds): return nudgeLoopPoint(\.aSec, by: seconds, in: &state, context)
    case .nudgeB(let seconds): return nudgeLoopPoint(\.bSec, by: seconds, in: &state, context)
    case .saveLoop(let name): return saveLoop(named: name, &state, context)
    case .recallLoop(let number): return recallLoop(number, &state, context)
    case .renameSavedLoop(let number, let name):
      return renameSavedLoop(number, to: name, &state, context)
    case .deleteSavedLoop(let number): return deleteSavedLoop(number, &state, context)
    case .savedLoopsRestored(let loops): return restoreSavedLoops(loops, &state, context)
    case .setLoopPasses(let passes): return setLoopPasses(passes, &state, context)
    case .setSpeedTrainer(let trainer): return setSpeedTrainer(trainer, &state, context)
    case .loopPassesCompleted: return loopPassesCompleted(&state, context)
    case .trainerStepped(let speed, _): return trainerStepped(to: speed, &state, context)
    case .beatGridDetected(let grid): return detectBeatGrid(grid, &state)
    case .tapTempo: return tapTempo(&state, context)
    case .setTempo(let bpm): return typeTempo(bpm, &state, context)
    case .shiftGrid(let seconds): return shiftGrid(seconds, &state, context)
    case .setMetronome(let enabled, let level):
      return setMetronome(enabled: enabled, level: level, &state, context)
    case .setCountIn(let beats, let everyPass):
      return setCountIn(beats: beats, everyPass: everyPass, &state, context)
    case .nudgeABeats(let beats):
      return nudgeLoopPointByBeats(\.aSec, by: beats, in: &state, context)
    case .nudgeBBeats(let beats):
      return nudgeLoopPointByBeats(\.bSec, by: beats, in: &state, context)
    case .setSnap(let snap): return setSnap(snap, &state, context)
    case .setRecordingArmed(let armed): return setRecordingArmed(armed, &state, context)
    case .takeRecorded(let recording): return takeRecorded(recording, &state, context)
    case .deleteTake(let id): return deleteTake(id, &state, context)
    case .listenToTake(let id): return listenToTake(id, &state, context)
    case .listenToSong: return listenToSong(&state, context)
    case .setTakeBalance(let balance): return setTakeBalance(balance, &state, context)
    case .nameSection(let time, let name): return nameSection(at: time, name, &state, context)
    case .sectionsRestored(let sections): return restoreSections(sections, &state, context)
    case .loopSection(let number): return loopSection(number, &state, context)
    case .songSettingsRestored(let settings): return restoreSongSettings(settings, &state, context)
    case .overviewTapped(let time): return seek(to: time, in: &state)
    case .playedToEnd: return playedToEnd(&state)
    }
  }

  /// Shows `message` for ``PracticeRules/toastLifetime`` from the action's time.
  static func showToast(_ message: String, in state: inout State, _ context: ActionContext) {
    state.toast = ToastState(
      message: message, expiresAt: context.now.addingTimeInterval(PracticeRules.toastLifetime))
  }

  /// The effect that tells the engine the current loop.
  static func loopEffect(_ state: State) -> Effect {
    .engineSetLoop(aSec: state.loop.aSec, bSec: state.loop.bSec, enabled: state.loop.enabled)
  }

  private static func setLocked(_ locked: Bool, in state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard locked != state.isLocked else { return [] }
    state.isLocked = locked
    showToast(locked ? "Locked" : "Unlocked", in: &state, context)
    return []
  }
}
