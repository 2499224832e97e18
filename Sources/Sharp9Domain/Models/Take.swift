import Foundation

/// What the engine reports when a take's audio is safely in the library: where on the session's
/// audio clock it was recorded, which loop pass, from which input, and the file's SHA-256.
///
/// Frames count the session's device clock (an event's `t` times the song's sample rate), so a
/// take lines up with the render of the session frame for frame. The engine reports a take only
/// after its file was renamed into the library: a take in the log always has its audio.
public struct TakeRecording: Sendable, Equatable, Hashable, Codable {
  /// The session frame the take's first sample was recorded at.
  public var startFrame: Int64
  /// The session frame after its last sample (`endFrame - startFrame` frames long).
  public var endFrame: Int64
  /// Which loop pass it is, counted from 1 since recording was armed; nil when the loop was off
  /// (the span from arming until stopped).
  public var pass: Int?
  /// The input device's name.
  public var input: String
  /// The SHA-256 of the file's bytes, 64 lower-case hex digits.
  public var sha256: String
  /// How many dropouts (an output underrun or an input overflow) the device's stream reported
  /// up to the take's end (while it was recorded, or earlier in the same stream): after one,
  /// the round trip may have changed, so the take may be out of time from there on. 0 for a
  /// take aligned throughout. (Takes logged before 2026-11-27 counted those in the take only.)
  public var dropouts: Int
  /// The round trip (output → input) subtracted from the input's frames, in frames: the device
  /// pair's calibrated latency when the take was recorded (0: none was known).
  public var latencyFrames: Int64
  /// The song's speed and pitch when the take's first frame was recorded: listened back at
  /// another speed or pitch, the take is stretched to stay in time and key with the song. Nil for
  /// a take logged before 2026-11-28, which is laid frame for frame as it was then.
  public var playedAt: SpeedAndPitch?
  /// Where the speed or pitch changed while the take was recorded (empty: it did not, or the
  /// take was logged before 2026-11-28, when a take kept only the speed it began at).
  public var playedAtChanges: [PlayedAtChange]

  /// Creates a report.
  public init(
    startFrame: Int64, endFrame: Int64, pass: Int?, input: String, sha256: String,
    dropouts: Int = 0, latencyFrames: Int64 = 0, playedAt: SpeedAndPitch? = nil,
    playedAtChanges: [PlayedAtChange] = []
  ) {
    self.startFrame = startFrame
    self.endFrame = endFrame
    self.pass = pass
    self.input = input
    self.sha256 = sha256
    self.dropouts = dropouts
    self.latencyFrames = latencyFrames
    self.playedAt = playedAt
    self.playedAtChanges = playedAtChanges
  }

  /// The file's name in the library folder: `takes/<sha256>.flac` (content-addressed, so the
  /// name is stated by the hash).
  public var libraryName: String { "takes/\(sha256).flac" }

  /// What is wrong with the report (the reducer's toast), or nil when it is a take. Reports come
  /// from the engine, or from a script or bundle: untrusted.
  public var problem: String? {
    guard startFrame >= 0, endFrame > startFrame else {
      return "its frames are not a span (start \(startFrame), end \(endFrame))"
    }
    if let pass, !(1...PracticeRules.takePassLimit).contains(pass) {
      return "pass \(pass) is not 1 to \(PracticeRules.takePassLimit)"
    }
    guard PracticeRules.takeInputNameLength.contains(input.count) else {
      return "the input's name is empty or longer than"
        + " \(PracticeRules.takeInputNameLength.upperBound) characters"
    }
    guard SHA256Hex.isValid(sha256) else {
      return "its SHA-256 is not 64 lower-case hex digits"
    }
    guard dropouts >= 0 else { return "its dropout count \(dropouts) is negative" }
    guard (0...PracticeRules.takeLatencyFrameLimit).contains(latencyFrames) else {
      return "its latency of \(latencyFrames) frames is not 0 to"
        + " \(PracticeRules.takeLatencyFrameLimit)"
    }
    if let problem = playedAt?.problem { return problem }
    return PlayedAtChange.problem(
      of: playedAtChanges, frames: endFrame - startFrame, first: playedAt)
  }

  private enum CodingKeys: String, CodingKey {
    case startFrame, endFrame, pass, input, sha256, dropouts, latencyFrames, speed, pitchSemitones
    case playedAtChanges
  }

  /// Decodes every field; `pass` may be `null`; `speed` and `pitchSemitones` are both there or
  /// both absent (a take logged before they were); `playedAtChanges` may be absent (none).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      startFrame: try container.decode(Int64.self, forKey: .startFrame),
      endFrame: try container.decode(Int64.self, forKey: .endFrame),
      pass: try container.decodeIfPresent(Int.self, forKey: .pass),
      input: try container.decode(String.self, forKey: .input),
      sha256: try container.decode(String.self, forKey: .sha256),
      dropouts: try container.decode(Int.self, forKey: .dropouts),
      latencyFrames: try container.decode(Int64.self, forKey: .latencyFrames),
      playedAt: try Self.decodePlayedAt(container),
      playedAtChanges: try container.decodeIfPresent(
        [PlayedAtChange].self, forKey: .playedAtChanges)
        ?? [])
  }

  private static func decodePlayedAt(_ container: KeyedDecodingContainer<CodingKeys>) throws
    -> SpeedAndPitch?
  {
    let speed = try container.decodeIfPresent(Double.self, forKey: .speed)
    let pitch = try container.decodeIfPresent(Double.self, forKey: .pitchSemitones)
    switch (speed, pitch) {
    case (nil, nil): return nil
    case (let speed?, let pitch?): return SpeedAndPitch(speed: speed, pitchSemitones: pitch)
    default:
      throw DecodingError.dataCorruptedError(
        forKey: speed == nil ? .speed : .pitchSemitones, in: container,
        debugDescription: "speed and pitchSemitones come together")
    }
  }

  /// Encodes every field, an absent pass as `null` as the interchange format requires; `speed`
  /// and `pitchSemitones` only when known, `playedAtChanges` only when there are any.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(startFrame, forKey: .startFrame)
    try container.encode(endFrame, forKey: .endFrame)
    try container.encode(pass, forKey: .pass)
    try container.encode(input, forKey: .input)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(dropouts, forKey: .dropouts)
    try container.encode(latencyFrames, forKey: .latencyFrames)
    try container.encodeIfPresent(playedAt?.speed, forKey: .speed)
    try container.encodeIfPresent(playedAt?.pitchSemitones, forKey: .pitchSemitones)
    if !playedAtChanges.isEmpty { try container.encode(playedAtChanges, forKey: .playedAtChanges) }
  }
}

/// A take kept in the session: a recording of the musician's input while the song played, with
/// the id the action that reported it gave it (``ActionContext/newID``).
public struct Take: Sendable, Equatable, Hashable, Codable {
  /// The take's id.
  public var id: UUID
  /// When, which pass, which input and which file.
  public var recording: TakeRecording

  /// Creates a take.
  public init(id: UUID, recording: TakeRecording) {
    self.id = id
    self.recording = recording
  }
}

/// Recording the musician: whether it is armed, the takes kept, and what is listened to.
///
/// Written to the state's JSON only when it differs from the default, so sessions recorded
/// before recording existed keep their JSON and checkpoint hashes; ``listening`` likewise only
/// when not its default, so sessions recorded before listening back existed keep theirs.
public struct Recording: Sendable, Equatable, Hashable, Codable {
  /// While armed, the input is recorded whenever the song plays (one take a loop pass, or the
  /// whole span until stopped when the loop is off).
  public var isArmed: Bool
  /// The takes kept, in the order they were recorded (deleted ones are gone).
  public var takes: [Take]
  /// The take heard with the song, if any, and the balance.
  public var listening: TakeListening

  /// Creates a recording state; the default is not armed, no takes, the song alone.
  public init(isArmed: Bool = false, takes: [Take] = [], listening: TakeListening = TakeListening())
  {
    self.isArmed = isArmed
    self.takes = takes
    self.listening = listening
  }

  /// Whether this is the default (what the state's JSON leaves out).
  public var isDefault: Bool { !isArmed && takes.isEmpty && listening.isDefault }

  /// The take being listened to, if any.
  public var heardTake: Take? {
    guard let id = listening.takeID else { return nil }
    return takes.first { $0.id == id }
  }

  private enum CodingKeys: String, CodingKey {
    case isArmed, takes, listening
  }

  /// Decodes a recording state; `listening` (added after takes) may be absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    isArmed = try container.decode(Bool.self, forKey: .isArmed)
    takes = try container.decode([Take].self, forKey: .takes)
    listening =
      try container.decodeIfPresent(TakeListening.self, forKey: .listening) ?? TakeListening()
  }

  /// Encodes every field, `listening` only when it is not the default.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isArmed, forKey: .isArmed)
    try container.encode(takes, forKey: .takes)
    if !listening.isDefault { try container.encode(listening, forKey: .listening) }
  }
}
