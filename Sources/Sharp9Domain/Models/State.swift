import Foundation

/// Everything the practice app shows, rebuilt deterministically by folding ``Reducer`` over actions.
public struct State: Sendable, Equatable, Hashable, Codable {
  /// The loaded track, if any.
  public var track: TrackMeta?
  /// Play/pause, playhead, speed and pitch.
  public var transport: Transport
  /// The A–B loop.
  public var loop: LoopPoints
  /// What a waveform tap does.
  public var mode: Mode
  /// Markers, in the order they were added.
  public var markers: MarkerList
  /// The visible span of the waveform.
  public var viewport: Viewport
  /// True between `importPicked` and `importSucceeded`/`importFailed`.
  public var isLoading: Bool
  /// The message currently shown, if any.
  public var toast: ToastState?
  /// While locked, user actions other than unlocking are ignored (the practice pad's lock).
  public var isLocked: Bool
  /// When the last accepted `markNow` happened, for its 150 ms debounce.
  public var lastMarkNowAt: Date?
  /// The undo and redo stacks.
  public var history: EditHistory
  /// The loops saved under a name, in the order they were saved.
  ///
  /// Written to JSON only when there are some, so the JSON (and the checkpoint hash) of a state
  /// without saved loops is what it was before saved loops existed: older sessions still verify.
  public var savedLoops: [SavedLoop]
  /// Stop after N passes and the speed trainer. Written to JSON only when set, like
  /// ``savedLoops``.
  public var loopPractice: LoopPractice
  /// The beat grid, tap tempo, metronome, count-in and snapping (written to JSON only when not
  /// the default, for the same reason as ``savedLoops``).
  public var rhythm: Rhythm
  /// Whether recording is armed and the takes kept (written to JSON only when not the default,
  /// for the same reason as ``savedLoops``).
  public var recording: Recording

  /// Creates a state; the default is the app at launch: nothing loaded.
  public init(
    track: TrackMeta? = nil,
    transport: Transport = Transport(),
    loop: LoopPoints = LoopPoints(),
    mode: Mode = .loop,
    markers: MarkerList = [],
    viewport: Viewport = Viewport(),
    isLoading: Bool = false,
    toast: ToastState? = nil,
    isLocked: Bool = false,
    lastMarkNowAt: Date? = nil,
    history: EditHistory = EditHistory(),
    savedLoops: [SavedLoop] = [],
    loopPractice: LoopPractice = LoopPractice(),
    rhythm: Rhythm = Rhythm(),
    recording: Recording = Recording()
  ) {
    self.track = track
    self.transport = transport
    self.loop = loop
    self.mode = mode
    self.markers = markers
    self.viewport = viewport
    self.isLoading = isLoading
    self.toast = toast
    self.isLocked = isLocked
    self.lastMarkNowAt = lastMarkNowAt
    self.history = history
    self.savedLoops = savedLoops
    self.loopPractice = loopPractice
    self.rhythm = rhythm
    self.recording = recording
  }

  private enum CodingKeys: String, CodingKey {
    case track, transport, loop, mode, markers, viewport, isLoading, toast, isLocked, lastMarkNowAt
    case history, savedLoops, loopPractice, rhythm, recording
  }

  /// Decodes a state; `isLocked`, `lastMarkNowAt` and `history` (added after the first release)
  /// may be absent, so older snapshots and documents still read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    track = try container.decodeIfPresent(TrackMeta.self, forKey: .track)
    transport = try container.decode(Transport.self, forKey: .transport)
    loop = try container.decode(LoopPoints.self, forKey: .loop)
    mode = try container.decode(Mode.self, forKey: .mode)
    markers = try container.decode(MarkerList.self, forKey: .markers)
    viewport = try container.decode(Viewport.self, forKey: .viewport)
    isLoading = try container.decode(Bool.self, forKey: .isLoading)
    toast = try container.decodeIfPresent(ToastState.self, forKey: .toast)
    isLocked = try container.decodeIfPresent(Bool.self, forKey: .isLocked) ?? false
    lastMarkNowAt = try container.decodeIfPresent(Date.self, forKey: .lastMarkNowAt)
    history = try container.decodeIfPresent(EditHistory.self, forKey: .history) ?? EditHistory()
    savedLoops = try container.decodeIfPresent([SavedLoop].self, forKey: .savedLoops) ?? []
    loopPractice =
      try container.decodeIfPresent(LoopPractice.self, forKey: .loopPractice) ?? LoopPractice()
    rhythm = try container.decodeIfPresent(Rhythm.self, forKey: .rhythm) ?? Rhythm()
    recording =
      try container.decodeIfPresent(Recording.self, forKey: .recording) ?? Recording()
  }

  /// Encodes every field, writing absent optionals as `null` as the interchange format requires.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(track, forKey: .track)
    try container.encode(transport, forKey: .transport)
    try container.encode(loop, forKey: .loop)
    try container.encode(mode, forKey: .mode)
    try container.encode(markers, forKey: .markers)
    try container.encode(viewport, forKey: .viewport)
    try container.encode(isLoading, forKey: .isLoading)
    try container.encode(toast, forKey: .toast)
    try container.encode(isLocked, forKey: .isLocked)
    try container.encode(lastMarkNowAt, forKey: .lastMarkNowAt)
    try container.encode(history, forKey: .history)
    if !savedLoops.isEmpty { try container.encode(savedLoops, forKey: .savedLoops) }
    if !loopPractice.isDefault { try container.encode(loopPractice, forKey: .loopPractice) }
    if !rhythm.isDefault { try container.encode(rhythm, forKey: .rhythm) }
    if !recording.isDefault { try container.encode(recording, forKey: .recording) }
  }
}
