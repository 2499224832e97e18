/// Practising loop passes: "stop after N passes" and the speed trainer. The playback timeline
/// counts the passes and makes each stop and step at the wrap's frame; these rules set the plans
/// and take in what the engine reports, so the state shows what is heard.
///
/// Rules:
/// - A plan outside its limits (``PracticeRules/loopPassLimitRange``, ``SpeedTrainer/isValid``)
///   changes nothing; the toast says what is allowed.
/// - Switching the trainer on sets the speed to its start speed.
/// - A stop (pause, or the last pass done) with a trainer that resets takes the speed back to
///   the trainer's start speed; one that holds keeps it.
/// - Neither is an undoable edit: they are how the musician practises, not the song's marks.
extension Reducer {
  /// Stop after `passes` completed passes, or loop until stopped (nil).
  static func setLoopPasses(_ passes: Int?, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.hasTrack else { return [] }
    let range = PracticeRules.loopPassLimitRange
    if let passes, !range.contains(passes) {
      showToast("Passes \(range.lowerBound) to \(range.upperBound)", in: &state, context)
      return []
    }
    state.loopPractice.passLimit = passes
    showToast(
      passes.map { "Stop after \(formatPasses($0))" } ?? "Loop until stopped", in: &state, context)
    return [.engineSetLoopPractice(state.loopPractice)]
  }

  /// Switches the speed trainer on with `trainer` (starting at its start speed), or off.
  static func setSpeedTrainer(
    _ trainer: SpeedTrainer?, _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard state.hasTrack else { return [] }
    guard let trainer else {
      state.loopPractice.trainer = nil
      showToast("Speed trainer off", in: &state, context)
      return [.engineSetLoopPractice(state.loopPractice)]
    }
    if let problem = trainerProblem(trainer) {
      showToast(problem, in: &state, context)
      return []
    }
    state.loopPractice.trainer = trainer
    state.transport.speed = trainer.startSpeed
    showToast(
      "Speed trainer \(formatSpeed(trainer.startSpeed)) to \(formatSpeed(trainer.targetSpeed))",
      in: &state, context)
    return [.engineSetLoopPractice(state.loopPractice), .engineSetRate(trainer.startSpeed)]
  }

  /// The engine stopped after the last asked-for pass, back at A.
  static func loopPassesCompleted(_ state: inout State, _ context: ActionContext) -> [Effect] {
    guard state.hasTrack else { return [] }
    state.transport.isPlaying = false
    if let a = state.loop.aSec, let time = state.clampedTime(a) {
      state.transport.currentTimeSec = time
    }
    let passes = state.loopPractice.passLimit.map(formatPasses) ?? "the passes"
    showToast("Played \(passes)", in: &state, context)
    return trainerStop(&state)
  }

  /// The trainer took the speed to `speed` at the start of a pass: the state follows (the engine
  /// has already changed it, so nothing is sent back).
  static func trainerStepped(to speed: Double, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard speed.isFinite else { return [] }
    let snapped = PracticeRules.snapSpeed(speed)
    state.transport.speed = snapped
    showToast("Speed " + formatSpeed(snapped), in: &state, context)
    return []
  }

  /// What a stop does to the speed: back to the trainer's start speed when it resets.
  static func trainerStop(_ state: inout State) -> [Effect] {
    guard let trainer = state.loopPractice.trainer, trainer.onStop == .reset,
      state.transport.speed != trainer.startSpeed
    else { return [] }
    state.transport.speed = trainer.startSpeed
    return [.engineSetRate(trainer.startSpeed)]
  }

  /// Why `trainer` cannot run, as the toast says it, or nil when it can.
  private static func trainerProblem(_ trainer: SpeedTrainer) -> String? {
    switch trainer.problem {
    case nil: return nil
    case .speeds:
      let speeds = PracticeRules.speedRange
      return "Trainer speeds \(formatSpeed(speeds.lowerBound)) to \(formatSpeed(speeds.upperBound))"
    case .passes:
      let passes = PracticeRules.trainerPassesRange
      return "Trainer every \(passes.lowerBound) to \(passes.upperBound) passes"
    case .step:
      return "Trainer step \(formatSpeed(PracticeRules.speedStep)) to "
        + formatSpeed(PracticeRules.trainerStepLimit)
    case .direction: return "Trainer step never reaches \(formatSpeed(trainer.targetSpeed))"
    }
  }
}
