/// Play/pause and the playhead: taps, scrubs, ticks and the practice pad's transport buttons.
extension Reducer {
  /// A waveform tap does what the mode says: set A, set B, drop a marker, or seek.
  static func tapWaveform(_ timeSec: Double, into state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    switch state.mode {
    case .setA: setLoopPoint(\.aSec, to: timeSec, in: &state)
    case .setB: setLoopPoint(\.bSec, to: timeSec, in: &state)
    case .marker: addMarker(at: timeSec, into: &state, context)
    case .loop: seek(to: timeSec, in: &state)
    }
  }

  /// Moves the playhead (clamped to the track) and tells the engine.
  static func seek(to timeSec: Double, in state: inout State) -> [Effect] {
    guard let time = state.clampedTime(timeSec) else { return [] }
    state.transport.currentTimeSec = time
    return [.engineSeek(timeSec: time)]
  }

  /// Play/pause. Play at the very end of the track starts over from the beginning, as every
  /// player does, rather than playing nothing.
  static func togglePlay(_ state: inout State) -> [Effect] {
    guard let track = state.track else { return [] }
    if state.transport.isPlaying {
      state.transport.isPlaying = false
      return [.enginePause] + trainerStop(&state)
    }
    state.transport.isPlaying = true
    if track.durationSec > 0, state.transport.currentTimeSec >= track.durationSec {
      state.transport.currentTimeSec = 0
      return [.engineSeek(timeSec: 0), .enginePlay]
    }
    return [.enginePlay]
  }

  /// Playback stopped at the end of the song on its own: the state follows (the engine has
  /// already stopped, so nothing is sent back; play from here starts again at 0).
  static func playedToEnd(_ state: inout State) -> [Effect] {
    guard let track = state.track else { return [] }
    state.transport.isPlaying = false
    state.transport.currentTimeSec = track.durationSec
    return []
  }

  /// The engine reports its playhead; nothing is sent back.
  static func tick(_ timeSec: Double, into state: inout State) -> [Effect] {
    guard let time = state.clampedTime(timeSec) else { return [] }
    state.transport.currentTimeSec = time
    return []
  }

  /// Jumps by `seconds`, clamped to the track and, while the loop is on, to A…B.
  static func skip(_ seconds: Double, in state: inout State) -> [Effect] {
    guard var time = state.clampedTime(state.transport.currentTimeSec + seconds) else { return [] }
    if state.loop.enabled, let range = state.selectionRange {
      time = min(max(time, range.lowerBound), range.upperBound)
    }
    return seek(to: time, in: &state)
  }

  /// Prev: to A if set, else to the start.
  static func seekToStart(_ state: inout State) -> [Effect] {
    seek(to: state.loop.aSec ?? 0, in: &state)
  }

  /// Next: to B if set, else to the end of the track.
  static func seekToEnd(_ state: inout State) -> [Effect] {
    guard let track = state.track else { return [] }
    return seek(to: state.loop.bSec ?? track.durationSec, in: &state)
  }
}
