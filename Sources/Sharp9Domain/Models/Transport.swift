/// Playback state as the musician sees it.
public struct Transport: Sendable, Equatable, Hashable, Codable {
  /// Whether the engine is playing.
  public var isPlaying: Bool
  /// Playhead position in source seconds.
  public var currentTimeSec: Double
  /// Playback speed (1.0 = original tempo), on the 0.05 grid within 0.25…2.0.
  public var speed: Double
  /// Transposition in semitones within −12…+12.
  public var pitchSemitones: Double

  /// Creates a transport; the default is stopped at 0, original speed and pitch.
  public init(
    isPlaying: Bool = false, currentTimeSec: Double = 0, speed: Double = 1,
    pitchSemitones: Double = 0
  ) {
    self.isPlaying = isPlaying
    self.currentTimeSec = currentTimeSec
    self.speed = speed
    self.pitchSemitones = pitchSemitones
  }
}
