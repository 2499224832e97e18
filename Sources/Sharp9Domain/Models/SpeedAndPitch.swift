/// The song's speed and transposition at one moment: what a take was played along with.
public struct SpeedAndPitch: Sendable, Equatable, Hashable, Codable, BitwiseCopyable {
  /// Source seconds per wall second (``PracticeRules/speedRange``).
  public var speed: Double
  /// Semitones (``PracticeRules/pitchRange``).
  public var pitchSemitones: Double

  /// Creates a setting.
  public init(speed: Double, pitchSemitones: Double) {
    self.speed = speed
    self.pitchSemitones = pitchSemitones
  }

  /// What is wrong with the values (they come from the engine, a script or a bundle), or nil.
  public var problem: String? {
    let (speeds, pitches) = (PracticeRules.speedRange, PracticeRules.pitchRange)
    guard speeds.contains(speed) else {
      return "its speed \(formatSpeed(speed)) is not \(formatSpeed(speeds.lowerBound)) to"
        + " \(formatSpeed(speeds.upperBound))"
    }
    guard pitches.contains(pitchSemitones) else {
      return "its pitch \(formatPitch(pitchSemitones)) is not \(formatPitch(pitches.lowerBound))"
        + " to \(formatPitch(pitches.upperBound))"
    }
    return nil
  }
}
