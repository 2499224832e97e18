import Sharp9Domain

/// How far a take's line has gone, in the song's terms, so that a take is heard at the point of
/// the song it was played against at any speed: *progress* grows by the speed each wall frame
/// from the line's start (the song's frames played, and through a count-in, whose beats last
/// longer at a slower speed, as far as the take was recorded into it). A take played along at
/// speed `s` is at frame `progress / s` (part by part, for a take whose speed changed while it
/// was recorded: `TakeSound+PlayedAt.swift`).
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

  /// Whether `sound` needs a stretcher voice on this line: one whose speed or pitch is not the
  /// line's throughout (a take of unknown speed, logged before its speed was, is laid frame for
  /// frame as it always was).
  func needsVoice(_ sound: TakeSound) -> Bool {
    guard let playedAt = sound.playedAt else { return false }
    return changed || !sound.changes.isEmpty || playedAt.speed != speed
      || playedAt.pitchSemitones != pitchSemitones
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

  /// The take frame of `sound` at wall frame `frame`.
  func takeFrame(at frame: Int64, of sound: TakeSound) -> Double {
    sound.takeFrame(atProgress: progress(at: frame))
  }

  /// The first wall frame at or after the line's last change whose progress reaches `progress`.
  func wallFrame(reaching progress: Double) -> Int64 {
    let frames = max(0, ((progress - anchorProgress) / speed).rounded(.up))
    return anchorFrame + Int64(min(frames, Double(Int64.max / 4)))
  }
}
