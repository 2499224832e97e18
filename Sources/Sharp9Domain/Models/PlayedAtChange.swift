/// A change of the song's speed or pitch while a take was being recorded: from take frame
/// ``frame`` on, the musician played along with the song at ``playedAt``. A take keeps them so
/// that, heard back at any speed, each part of it is stretched by its own ratio and stays on the
/// bar it was played against.
public struct PlayedAtChange: Sendable, Equatable, Hashable, Codable, BitwiseCopyable {
  /// The take's frame (counted from its first, 0) the change took effect at.
  public var frame: Int64
  /// The song's speed and pitch from there on.
  public var playedAt: SpeedAndPitch

  /// Creates a change.
  public init(frame: Int64, playedAt: SpeedAndPitch) {
    self.frame = frame
    self.playedAt = playedAt
  }

  private enum CodingKeys: String, CodingKey {
    case frame, speed, pitchSemitones
  }

  /// Decodes the flat form `{"frame": …, "speed": …, "pitchSemitones": …}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      frame: try container.decode(Int64.self, forKey: .frame),
      playedAt: SpeedAndPitch(
        speed: try container.decode(Double.self, forKey: .speed),
        pitchSemitones: try container.decode(Double.self, forKey: .pitchSemitones)))
  }

  /// Encodes the flat form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(frame, forKey: .frame)
    try container.encode(playedAt.speed, forKey: .speed)
    try container.encode(playedAt.pitchSemitones, forKey: .pitchSemitones)
  }

  /// The changes of a take recorded from session frame `start` to `end`, first played along at
  /// `first`, among the song's `changes` (session frames, in order; later ones at one frame
  /// replace earlier ones): those strictly inside it that change something, counted from its
  /// first frame, the first ``PracticeRules/takePlayedAtChangeLimit``.
  public static func within(
    _ changes: [(frame: Int64, setting: SpeedAndPitch)], from start: Int64, to end: Int64,
    first: SpeedAndPitch
  ) -> [PlayedAtChange] {
    var previous = first
    var within: [PlayedAtChange] = []
    for (index, change) in changes.enumerated() where change.frame > start && change.frame < end {
      if index + 1 < changes.count, changes[index + 1].frame == change.frame { continue }
      guard change.setting != previous else { continue }
      guard within.count < PracticeRules.takePlayedAtChangeLimit else { break }
      within.append(PlayedAtChange(frame: change.frame - start, playedAt: change.setting))
      previous = change.setting
    }
    return within
  }

  /// What is wrong with `changes` of a take `frames` long first played along at `first` (they
  /// come from the engine, a script or a bundle), or nil: at most
  /// ``PracticeRules/takePlayedAtChangeLimit``, inside the take after its first frame, in
  /// order, each a real change of a valid speed and pitch, and only after a known first one.
  public static func problem(of changes: [PlayedAtChange], frames: Int64, first: SpeedAndPitch?)
    -> String?
  {
    guard !changes.isEmpty else { return nil }
    guard var previous = first else { return "it has speed changes but no speed it began at" }
    guard changes.count <= PracticeRules.takePlayedAtChangeLimit else {
      return "it has \(changes.count) speed changes (at most"
        + " \(PracticeRules.takePlayedAtChangeLimit))"
    }
    var lastFrame: Int64 = 0
    for change in changes {
      guard change.frame > lastFrame, change.frame < frames else {
        return "its speed change at frame \(change.frame) is not after frame \(lastFrame) and"
          + " inside the take"
      }
      if let problem = change.playedAt.problem { return problem }
      guard change.playedAt != previous else {
        return "its speed change at frame \(change.frame) changes nothing"
      }
      lastFrame = change.frame
      previous = change.playedAt
    }
    return nil
  }
}
