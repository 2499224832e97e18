/// The A–B loop: its points, the switch, and the practice pad's A/B button.
extension Reducer {
  /// Sets A or B (clamped to the track, then snapped to the grid when snapping is on); if both
  /// are set and A > B they are swapped, so the musician may place them in either order. The
  /// engine gets the whole loop.
  static func setLoopPoint(
    _ point: WritableKeyPath<LoopPoints, Double?>, to timeSec: Double, in state: inout State
  ) -> [Effect] {
    guard let time = state.clampedTime(timeSec) else { return [] }
    state.loop[keyPath: point] = snapped(time, state)
    orderLoopPoints(&state.loop)
    return [loopEffect(state)]
  }

  /// The loop switch. Switching on without both A and B leaves it off and says "Set A and B".
  static func setLoopEnabled(_ enabled: Bool, in state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.hasTrack else { return [] }
    if enabled, !state.canLoop {
      showToast("Set A and B", in: &state, context)
      return []
    }
    state.loop.enabled = enabled
    return [loopEffect(state)]
  }

  /// The pad's A/B button at the playhead: with no point set it sets A; with one set it sets the
  /// other (swapping if needed) and switches the loop on; with both set it clears the loop.
  static func abCycle(_ state: inout State) -> [Effect] {
    guard state.hasTrack else { return [] }
    let now = snapped(state.transport.currentTimeSec, state)
    switch (state.loop.aSec, state.loop.bSec) {
    case (nil, nil):
      state.loop.aSec = now
    case (.some, nil):
      state.loop.bSec = now
      state.loop.enabled = true
    case (nil, .some):
      state.loop.aSec = now
      state.loop.enabled = true
    case (.some, .some):
      state.loop = LoopPoints()
    }
    orderLoopPoints(&state.loop)
    return [loopEffect(state)]
  }

  /// Moves a set A or B by `seconds` (clamped to the track). A nudge never crosses the other
  /// point: one that would make A ≥ B changes nothing and says "A must be before B".
  static func nudgeLoopPoint(
    _ point: WritableKeyPath<LoopPoints, Double?>, by seconds: Double, in state: inout State,
    _ context: ActionContext
  ) -> [Effect] {
    guard let current = state.loop[keyPath: point] else { return [] }
    return moveLoopPoint(point, to: current + seconds, in: &state, context)
  }

  /// Moves a set A or B to `timeSec` (clamped to the track), refusing to cross the other point.
  static func moveLoopPoint(
    _ point: WritableKeyPath<LoopPoints, Double?>, to timeSec: Double, in state: inout State,
    _ context: ActionContext
  ) -> [Effect] {
    guard let time = state.clampedTime(timeSec) else { return [] }
    var moved = state.loop
    moved[keyPath: point] = time
    if let a = moved.aSec, let b = moved.bSec, a >= b {
      showToast("A must be before B", in: &state, context)
      return []
    }
    guard moved != state.loop else { return [] }
    state.loop = moved
    return [loopEffect(state)]
  }

  /// Swaps A and B when both are set and A > B.
  private static func orderLoopPoints(_ loop: inout LoopPoints) {
    if let a = loop.aSec, let b = loop.bSec, a > b {
      loop.aSec = b
      loop.bSec = a
    }
  }
}
