/// Who causes an action: the musician, or the engine and timers.
extension Action {
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
