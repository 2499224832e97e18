import Foundation

/// Opening files: the load starts, then succeeds or fails.
extension Reducer {
  /// Loading starts: nothing is loaded any more, playback stops, the old track's loop, markers,
  /// viewport, time and edit history go. Speed and pitch are the musician's and carry over.
  static func importPicked(_ url: URL, into state: inout State) -> [Effect] {
    var effects = forgetTrackContent(&state, viewport: Viewport())
    state.isLoading = true
    state.track = nil
    effects.append(.engineLoad(url: url))
    return effects
  }

  /// The engine loaded a track: show all of it from the start, with a fresh loop, no markers and
  /// no edit history, and compute its peaks. A duration that is negative or not finite is
  /// treated as a failure.
  static func importSucceeded(_ track: TrackMeta, into state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard track.durationSec.isFinite, track.durationSec >= 0 else {
      return importFailed(into: &state, context)
    }
    var effects = forgetTrackContent(
      &state, viewport: Viewport(startSec: 0, endSec: track.durationSec))
    state.track = track
    state.isLoading = false
    effects.append(.computePeaks)
    return effects
  }

  /// The engine could not load the file: stop loading and say so.
  static func importFailed(into state: inout State, _ context: ActionContext) -> [Effect] {
    state.isLoading = false
    showToast("Unable to open file", in: &state, context)
    return []
  }

  /// Stops playback (returning `enginePause` if it was playing) and forgets what belonged to the
  /// previous track: playhead, loop (and how its passes are practised), markers, saved loops,
  /// beat grid, taps and edit history; shows `viewport`. The clicks and the snap are the
  /// musician's and carry over. (A load clears the engine's loop practice by itself.)
  private static func forgetTrackContent(_ state: inout State, viewport: Viewport) -> [Effect] {
    var effects: [Effect] = []
    if state.transport.isPlaying {
      state.transport.isPlaying = false
      effects.append(.enginePause)
    }
    state.transport.currentTimeSec = 0
    state.loop = LoopPoints()
    state.markers = []
    state.savedLoops = []
    state.loopPractice = LoopPractice()
    state.rhythm.detected = nil
    state.rhythm.edit = GridEdit()
    state.rhythm.taps = []
    state.viewport = viewport
    state.history = EditHistory()
    return effects
  }
}
