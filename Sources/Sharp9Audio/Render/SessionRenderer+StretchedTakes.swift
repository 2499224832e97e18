import Sharp9Domain

/// A take heard at another speed or pitch than it was played along at: a stretcher voice of its
/// own plays it at the speed ratio and the pitch difference, from the point of the take the line
/// has reached (``TakeLineClock``), so it stays in time and in key with the song. Voices start
/// lazily at the first block at or after the change (the change's own frame: nothing is rendered
/// in between), fade in and out as the song's do, and fade out before their take ends. Runs on
/// the live engine's audio thread: no allocation.
extension SessionRenderer {
  /// Starts the take's line at `frame`, at `segment`'s speed and pitch.
  func startTakeLine(at frame: Int64, _ segment: TimelineSegment) {
    let line = TakeLineClock(
      startFrame: frame, speed: segment.speed, pitchSemitones: segment.pitchSemitones)
    takeLine = line
    var stretched = false
    if let sound = takes.sound { stretched = line.needsVoice(sound.playedAt) }
    takes.startLine(at: frame, stretched: stretched)
    takeVoiceWanted += 1
  }

  /// Ends the take's line at `frame`.
  func endTakeLine(at frame: Int64) {
    takes.endLine(at: frame)
    takeLine = nil
    takeVoiceWanted += 1
  }

  /// The speed or pitch changed at `frame` (`segment`'s): a stretched take follows it, a laid
  /// one becomes stretched from there.
  func retuneTakeLine(at frame: Int64, _ segment: TimelineSegment) {
    guard var line = takeLine else { return }
    line.retune(at: frame, speed: segment.speed, pitchSemitones: segment.pitchSemitones)
    takeLine = line
    guard let current = takes.current else { return }
    if current.isStretched {
      if takeLeader >= 0, let playedAt = current.sound.playedAt {
        let setting = line.voiceSetting(for: playedAt)
        takeVoices[takeLeader].set(speed: setting.speed, pitchSemitones: setting.pitchSemitones)
        takeLeaderRatio = setting.speed
      }
    } else if line.needsVoice(current.sound.playedAt) {
      takes.stretchLine(at: frame)
      takeVoiceWanted += 1
    }
  }

  /// Chooses `sound` at the current frame, stretched when the line needs it.
  func chooseTake(_ sound: TakeSound?, isPassTake: Bool) {
    var stretched = false
    if let sound, let takeLine { stretched = takeLine.needsVoice(sound.playedAt) }
    if takes.choose(sound, isPassTake: isPassTake, at: cursor, stretched: stretched) {
      takeVoiceWanted += 1
    }
  }

  /// Starts the voice the line and the choice now want (fading out the one before), once per
  /// change.
  func updateTakeVoice() throws {
    guard takeVoiceStarted != takeVoiceWanted else { return }
    takeVoiceStarted = takeVoiceWanted
    if takeLeader >= 0 {
      takeVoices[takeLeader].fadeOut()
      takeLeader = -1
    }
    guard let line = takeLine, let current = takes.current, current.isStretched,
      let playedAt = current.sound.playedAt
    else { return }
    let frame = line.takeFrame(at: cursor, playedAt: playedAt).rounded()
    guard frame < Double(current.sound.frames) else { return }
    let index = idleTakeVoice()
    let setting = line.voiceSetting(for: playedAt)
    takeVoices[index].silence()
    takeCursors[index].point(at: current.sound)
    try takeVoices[index].start(
      atSourceFrame: Int64(frame), speed: setting.speed, pitchSemitones: setting.pitchSemitones,
      curve: curve)
    takeLeader = index
    takeLeaderFrames = current.sound.frames
    takeLeaderRatio = setting.speed
  }

  /// The wall frame where the leading take voice starts fading out, to be silent when its take
  /// ends (Int64.max: no voice leads).
  func takeVoiceFadeStart() -> Int64 {
    guard takeLeader >= 0, takeVoices[takeLeader].isLeading else { return Int64.max }
    let left = (Double(takeLeaderFrames) - takeVoices[takeLeader].sourceFrame) / takeLeaderRatio
    return cursor + Int64(max(0, left).rounded(.down)) - Int64(curve.length)
  }

  /// Fades the leading take voice out (its take is ending).
  func fadeOutTakeVoice() {
    if takeLeader >= 0 { takeVoices[takeLeader].fadeOut() }
  }

  /// Whether a take voice sounds.
  func anyTakeVoiceSounding() -> Bool {
    for index in 0..<takeVoices.count where takeVoices[index].isSounding { return true }
    return false
  }

  /// Silences every take voice (outside the render window); the line's voice starts again
  /// where output does.
  func silenceTakeVoices() {
    for index in 0..<takeVoices.count { takeVoices[index].silence() }
    takeLeader = -1
    takeVoiceWanted += 1
  }

  /// Renders the sounding take voices' next `frames` and adds them to `base` at the take's
  /// level.
  func addTakeVoices(to base: UnsafeMutablePointer<Float>, frames: Int) throws {
    let channels = format.channels
    try takeMix.withUnsafeMutableBufferPointer { buffer in
      guard let voiced = buffer.baseAddress else { return }
      voiced.update(repeating: 0, count: frames * channels)
      for index in 0..<takeVoices.count where takeVoices[index].isSounding {
        try takeVoices[index].render(frames: frames, addingTo: voiced, curve: curve)
      }
      for frame in 0..<frames {
        let level = takes.levels(at: cursor + Int64(frame), length: curve.length).take
        for channel in 0..<channels {
          base[frame * channels + channel] += level * voiced[frame * channels + channel]
        }
      }
    }
  }

  /// An idle take voice, else the quietest one (called after the leader was faded out and let
  /// go, so every take voice is a follower here).
  private func idleTakeVoice() -> Int {
    var quietest = 0
    var quietestLevel = Int.max
    for index in 0..<takeVoices.count {
      if !takeVoices[index].isSounding { return index }
      if takeVoices[index].level < quietestLevel {
        quietest = index
        quietestLevel = takeVoices[index].level
      }
    }
    return quietest
  }
}
