/// Speed and pitch: the buttons, and the practice pad's speed cycle.
extension Reducer {
  /// Sets the speed on the 0.01 grid within 0.25…2.0, says so in a toast, tells the engine.
  /// At a limit the toast still shows the (unchanged) value, so the musician sees why nothing
  /// moved.
  static func setSpeed(_ speed: Double, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard speed.isFinite else { return [] }
    let snapped = PracticeRules.snapSpeed(speed)
    state.transport.speed = snapped
    showToast("Speed " + formatSpeed(snapped), in: &state, context)
    return [.engineSetRate(snapped)]
  }

  /// Transposes by `delta` semitones on the 0.01 grid within −12…+12, with a toast.
  static func pitchDelta(_ delta: Double, into state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    let target = state.transport.pitchSemitones + delta
    guard target.isFinite else { return [] }
    let snapped = PracticeRules.snapPitch(target)
    state.transport.pitchSemitones = snapped
    showToast("Pitch " + formatPitch(snapped), in: &state, context)
    return [.engineSetPitchSemitones(snapped)]
  }

  /// A typed speed: within the range it is set (on the grid) like a button's; outside it, or not
  /// a number, nothing changes and the toast says what is allowed.
  static func typeSpeed(_ speed: Double, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard within(speed, PracticeRules.speedRange, "Speed", formatSpeed, &state, context) else {
      return []
    }
    return setSpeed(speed, &state, context)
  }

  /// A typed pitch in semitones: within the range it is set on the cent grid with the pitch
  /// toast; outside it nothing changes and the toast says what is allowed.
  static func typePitch(_ semitones: Double, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard within(semitones, PracticeRules.pitchRange, "Pitch", formatPitch, &state, context) else {
      return []
    }
    return pitchDelta(semitones - state.transport.pitchSemitones, into: &state, context)
  }

  /// Whether a typed `value` is a number within `range`; if not, the toast says the range
  /// ("Speed 0.25 x to 2.00 x").
  private static func within(
    _ value: Double, _ range: ClosedRange<Double>, _ name: String, _ format: (Double) -> String,
    _ state: inout State, _ context: ActionContext
  ) -> Bool {
    guard value.isFinite, range.contains(value) else {
      showToast(
        name + " " + format(range.lowerBound) + " to " + format(range.upperBound), in: &state,
        context)
      return false
    }
    return true
  }

  /// The pad's speed button: the next speed of ``PracticeRules/speedCycle``; from a speed not in
  /// the cycle, back to 1.0.
  static func cycleSpeed(_ state: inout State, _ context: ActionContext) -> [Effect] {
    let cycle = PracticeRules.speedCycle
    let next = cycle.firstIndex(of: state.transport.speed).map { cycle[($0 + 1) % cycle.count] }
    return setSpeed(next ?? 1.0, &state, context)
  }
}
