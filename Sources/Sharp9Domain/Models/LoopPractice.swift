/// How loop passes are practised: stop after a number of passes, and the speed trainer. Both are
/// counted by the playback timeline at the instant the playhead wraps, so they are engine
/// settings (``Effect/engineSetLoopPractice(_:)``) as well as state.
public struct LoopPractice: Sendable, Equatable, Hashable, Codable, BitwiseCopyable {
  /// Playback stops, back at A, after this many completed passes; nil: loop until stopped.
  public var passLimit: Int?
  /// The speed trainer, when on.
  public var trainer: SpeedTrainer?

  /// Creates the settings; the default loops forever at a speed of the musician's choosing.
  public init(passLimit: Int? = nil, trainer: SpeedTrainer? = nil) {
    self.passLimit = passLimit
    self.trainer = trainer
  }

  /// Whether nothing is set (written to JSON only when something is).
  public var isDefault: Bool { passLimit == nil && trainer == nil }

  private enum CodingKeys: String, CodingKey {
    case passLimit, trainer
  }

  /// Decodes the settings; either may be `null` or absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    passLimit = try container.decodeIfPresent(Int.self, forKey: .passLimit)
    trainer = try container.decodeIfPresent(SpeedTrainer.self, forKey: .trainer)
  }

  /// Encodes both fields, an absent one as `null`, as the interchange format requires.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(passLimit, forKey: .passLimit)
    try container.encode(trainer, forKey: .trainer)
  }
}
