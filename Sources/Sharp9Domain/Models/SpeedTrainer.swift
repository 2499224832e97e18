/// The speed trainer: the loop starts at ``startSpeed`` and, every ``everyPasses`` passes, moves
/// by ``step`` toward ``targetSpeed``, where it stays. Each step takes effect on the first frame
/// of a pass (the playback timeline applies it at the wrap), so the render reproduces it exactly.
///
/// A plan is valid (``isValid``) when both speeds are on the speed grid within
/// ``PracticeRules/speedRange``, the step is a non-zero multiple of the speed step no larger than
/// ``PracticeRules/trainerStepLimit`` and leads from the start toward the target, and
/// ``everyPasses`` is within ``PracticeRules/trainerPassesRange``. The reducer refuses any other.
public struct SpeedTrainer: Sendable, Equatable, Hashable, Codable, BitwiseCopyable {
  /// What happens to the speed when playback stops (Strum Machine's two choices).
  public enum OnStop: String, Sendable, Equatable, Hashable, Codable, CaseIterable, BitwiseCopyable
  {
    /// Back to the start speed: each run through begins slow again.
    case reset
    /// The speed stays where the trainer had taken it.
    case hold
  }

  /// The speed the trainer begins at (set when it is switched on).
  public var startSpeed: Double
  /// The change per step; negative slows down.
  public var step: Double
  /// Steps happen every this many completed passes.
  public var everyPasses: Int
  /// The speed the trainer stops stepping at.
  public var targetSpeed: Double
  /// What a stop does to the speed.
  public var onStop: OnStop

  /// Creates a plan (not checked; see ``isValid``).
  public init(
    startSpeed: Double, step: Double, everyPasses: Int, targetSpeed: Double, onStop: OnStop
  ) {
    self.startSpeed = startSpeed
    self.step = step
    self.everyPasses = everyPasses
    self.targetSpeed = targetSpeed
    self.onStop = onStop
  }

  /// The plan one button starts (what Hayaemon and Melissa default to, roughly): from `speed`,
  /// +0.05 every 2 passes up to normal speed, back to the start on stop. From normal speed or
  /// faster, it climbs a quarter more (within the speed range).
  public static func climbing(from speed: Double) -> SpeedTrainer {
    let start = PracticeRules.snapSpeed(speed)
    let target = start < 1 ? 1 : PracticeRules.snapSpeed(start + 0.25)
    return SpeedTrainer(
      startSpeed: start, step: 0.05, everyPasses: 2, targetSpeed: target, onStop: .reset)
  }

  /// The first rule of the type's a plan breaks, in the order a musician fixes them.
  public enum Problem: Sendable, Equatable, CaseIterable {
    /// A speed off the speed grid or outside the speed range.
    case speeds
    /// ``everyPasses`` outside ``PracticeRules/trainerPassesRange``.
    case passes
    /// A step of 0, not a whole number of speed steps, or larger than the limit.
    case step
    /// A step that leads away from the target.
    case direction
  }

  /// Why the plan cannot run, or nil when it can.
  public var problem: Problem? {
    let grid = PracticeRules.isOnSpeedGrid
    guard grid(startSpeed), grid(targetSpeed) else { return .speeds }
    guard PracticeRules.trainerPassesRange.contains(everyPasses) else { return .passes }
    guard step != 0, PracticeRules.isWholeSpeedSteps(step),
      abs(step) <= PracticeRules.trainerStepLimit
    else { return .step }
    guard (targetSpeed - startSpeed) * step >= 0 else { return .direction }
    return nil
  }

  /// Whether the plan can run (it breaks none of the type's rules).
  public var isValid: Bool { problem == nil }

  /// The speed after one step from `speed`: `speed + step`, never past the target, on the grid.
  /// At (or past) the target the speed is the target.
  public func speed(after speed: Double) -> Double {
    let next = PracticeRules.snapSpeed(speed + step)
    return step > 0 ? min(next, targetSpeed) : max(next, targetSpeed)
  }
}
