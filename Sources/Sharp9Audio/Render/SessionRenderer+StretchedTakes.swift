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
    if let sound = takes.sound { stretched = line.needsVoice(sound) }
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
      if takeLeader >= 0 { retuneTakeLeader() }
    } else if line.needsVoice(current.sound) {
      takes.stretchLine(at: frame)
      takeVoiceWanted += 1
    }
  }

  /// Chooses `sound` at the current frame, stretched when the line needs it.
  func chooseTake(_ sound: TakeSound?, isPassTake: Bool) {
    var stretched = false
    if let sound, let takeLine { stretched = takeLine.needsVoice(sound) }
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
      let playedAt = current.sound.playedAt, !takeVoices.isEmpty
    else { return }
    let frame = line.takeFrame(at: cursor, of: current.sound).rounded()
    guard frame < Double(current.sound.frames) else { return }
    let index = idleTakeVoice()
    let part = current.sound.part(atTakeFrame: frame)
    let setting = line.voiceSetting(for: current.sound.playedAt(part: part) ?? playedAt)
    takeVoices[index].silence()
    takeCursors[index].point(at: current.sound)
    try takeVoices[index].start(
      atSourceFrame: Int64(frame), speed: setting.speed, pitchSemitones: setting.pitchSemitones,
      curve: curve)
    takeLeader = index
    takeLeaderSound = current.sound
    takeLeaderPart = part
    takeLeaderRatio = setting.speed
  }

  /// Sets the leading take voice's stretch for the line's speed and pitch and its part's.
  private func retuneTakeLeader() {
    guard let line = takeLine, let sound = takeLeaderSound,
      let playedAt = sound.playedAt(part: takeLeaderPart)
    else { return }
    let setting = line.voiceSetting(for: playedAt)
    takeVoices[takeLeader].set(speed: setting.speed, pitchSemitones: setting.pitchSemitones)
    takeLeaderRatio = setting.speed
  }

  /// The wall frame where the leading take voice reaches the next part of its take (played along
  /// at another speed or pitch), after moving it on to every part it has reached by the cursor
  /// (Int64.max: no voice leads, or its take has no part after this one).
  func followTakeVoiceParts() -> Int64 {
    guard takeLeader >= 0, takeVoices[takeLeader].isLeading, let line = takeLine,
      let sound = takeLeaderSound
    else { return Int64.max }
    while takeLeaderPart + 1 < sound.partCount {
      let next = line.wallFrame(reaching: sound.progress(atPart: takeLeaderPart + 1))
      if cursor < next { return next }
      takeLeaderPart += 1
      retuneTakeLeader()
    }
    return Int64.max
  }

  /// The wall frame where the leading take voice starts fading out, to be silent when its take
  /// ends (Int64.max: no voice leads, or its take has parts after this one, whose own frame
  /// comes first).
  func takeVoiceFadeStart() -> Int64 {
    guard takeLeader >= 0, takeVoices[takeLeader].isLeading, let sound = takeLeaderSound,
      takeLeaderPart + 1 == sound.partCount
    else { return Int64.max }
    let left = (Double(sound.frames) - takeVoices[takeLeader].sourceFrame) / takeLeaderRatio
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
