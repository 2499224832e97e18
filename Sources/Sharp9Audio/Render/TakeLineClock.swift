import Sharp9Domain

/// How far a take's line has gone, in the song's terms, so that a take is heard at the point of
/// the song it was played against at any speed: *progress* grows by the speed each wall frame
/// from the line's start (the song's frames played, and through a count-in, whose beats last
/// longer at a slower speed, as far as the take was recorded into it). A take played along at
/// speed `s` is at frame `progress / s`.
///
/// Pure arithmetic on the audio thread: the line's start, each speed or pitch change on it.
struct TakeLineClock: BitwiseCopyable {
  /// The wall frame of the last change, and the progress there.
  private(set) var anchorFrame: Int64
  private(set) var anchorProgress: Double
  /// The song's speed and pitch since then.
  private(set) var speed: Double
  private(set) var pitchSemitones: Double
  /// Whether the speed or pitch changed since the line started (from then on no take on the
  /// line is laid frame for frame: its frame is no longer the line's wall frames).
  private(set) var changed = false

  /// A line starting at `frame` at `speed` and `pitchSemitones`.
  init(startFrame frame: Int64, speed: Double, pitchSemitones: Double) {
    anchorFrame = frame
    anchorProgress = 0
    self.speed = speed
    self.pitchSemitones = pitchSemitones
  }

  /// The progress at wall frame `frame`.
  func progress(at frame: Int64) -> Double {
    anchorProgress + Double(frame - anchorFrame) * speed
  }

  /// The speed and pitch change at `frame`.
  mutating func retune(at frame: Int64, speed: Double, pitchSemitones: Double) {
    guard speed != self.speed || pitchSemitones != self.pitchSemitones else { return }
    anchorProgress = progress(at: frame)
    anchorFrame = frame
    self.speed = speed
    self.pitchSemitones = pitchSemitones
    changed = true
  }

  /// Whether a take played along at `playedAt` needs a stretcher voice on this line (nil: a
  /// take logged before its speed was, laid frame for frame as it always was).
  func needsVoice(_ playedAt: SpeedAndPitch?) -> Bool {
    guard let playedAt else { return false }
    return changed || playedAt.speed != speed || playedAt.pitchSemitones != pitchSemitones
  }

  /// The stretcher's speed and pitch for a take played along at `playedAt`, within what the
  /// stretcher takes (a take recorded at 0.25× heard at 1× is stretched 2×, as far as it goes,
  /// and drifts).
  func voiceSetting(for playedAt: SpeedAndPitch) -> SpeedAndPitch {
    SpeedAndPitch(
      speed: min(
        max(speed / playedAt.speed, StretchTuning.minimumSpeed), StretchTuning.maximumSpeed),
      pitchSemitones: min(
        max(pitchSemitones - playedAt.pitchSemitones, -StretchTuning.maximumPitchSemitones),
        StretchTuning.maximumPitchSemitones))
  }

  /// The take frame at wall frame `frame` of a take played along at `playedAt`.
  func takeFrame(at frame: Int64, playedAt: SpeedAndPitch) -> Double {
    progress(at: frame) / playedAt.speed
  }
}
