/// What kind of action an action is, one `switch` per question (every case answers each, so the
/// compiler names a new case here): whether it is an undoable edit and what undo and redo call
/// it, and who causes it.
extension Action {
  /// The name of the edit this action makes in `state` (the state before it), e.g. "Set A", or
  /// `nil` for actions that are not edits: transport (play, seeks, ticks), the mode, the lock,
  /// toasts, loading, and undo/redo themselves. Whether an edit is recorded also depends on it
  /// changing something.
  public func editLabel(in state: State) -> String? {
    switch self {
    case .setA: "Set A"
    case .setB: "Set B"
    case .tapWaveform:
      switch state.mode {
      case .setA: "Set A"
      case .setB: "Set B"
      case .marker: "Add Marker"
      case .loop: nil
      }
    case .addMarker, .markNow: "Add Marker"
    case .deleteMarker: "Delete Marker"
    case .toggleLoopEnabled(let enabled): enabled ? "Loop On" : "Loop Off"
    case .abCycle:
      switch (state.loop.aSec, state.loop.bSec) {
      case (nil, nil): "Set A"
      case (.some, nil): "Set B"
      case (nil, .some): "Set A"
      case (.some, .some): "Clear Loop"
      }
    case .speedDelta, .cycleSpeed: "Speed Change"
    case .pitchDelta: "Pitch Change"
    case .onAppear, .importPicked, .importSucceeded, .importFailed, .setMode, .dragScrub,
      .togglePlay, .tick, .clearToastIfExpired, .skip, .setLocked, .seekToStart, .seekToEnd,
      .undo, .redo:
      nil
    }
  }

  /// Whether the musician caused this action. The lock ignores user actions (except unlocking);
  /// what the engine reports (`tick`, `importSucceeded`, `importFailed`), the toast timer
  /// (`clearToastIfExpired`) and the app's lifecycle (`onAppear`) always apply.
  public var isUserAction: Bool {
    switch self {
    case .onAppear, .importSucceeded, .importFailed, .tick, .clearToastIfExpired: false
    case .importPicked, .setMode, .tapWaveform, .dragScrub, .togglePlay, .speedDelta, .pitchDelta,
      .addMarker, .deleteMarker, .toggleLoopEnabled, .setA, .setB, .skip, .abCycle, .cycleSpeed,
      .markNow, .setLocked, .seekToStart, .seekToEnd, .undo, .redo:
      true
    }
  }
}
