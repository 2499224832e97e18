import Sharp9Domain

/// Rendering one timeline segment: window clipping, voice hand-over, fades, mixing, writing.
extension SessionRenderer {
  /// Starts that land the playhead somewhere new: always a fresh voice and a crossfade. (A
  /// switch, not a static set: the audio thread must not run a lazy global initializer.)
  private static func isJump(_ start: TimelineSegment.Start) -> Bool {
    switch start {
    case .seek, .wrap, .capture, .load: true
    default: false
    }
  }

  /// Renders the wall frames of `segment` that fall inside the output window.
  func render(_ segment: TimelineSegment) throws {
    let end = frame(atWallSec: segment.wallEndSec)
    followTakeLine(segment)
    var voicesChecked = false
    while cursor < end {
      if cursor < fromFrame || cursor >= toFrame {
        // Outside the window nothing is heard; voices restart where the window begins.
        silenceAllVoices()
        silenceClick()
        cursor = cursor < fromFrame ? min(end, fromFrame) : end
        voicesChecked = false
        continue
      }
      if !voicesChecked {
        try updateVoices(for: segment)
        voicesChecked = true
      }
      try updateTakeVoice()
      var blockEnd = min(end, toFrame, cursor + Int64(settings.blockFrames))
      // Fade out before the track ends (nothing follows to crossfade with) and before the
      // window's end, so the output never stops on a step.
      // The track's end comes from the timeline's anchor, not from this segment's end, so it
      // is the same frame however the clock split the playing span (events, device callbacks).
      let trackEnd = segment.isPlaying ? timeline.trackEndWallSec.map(frame(atWallSec:)) : nil
      let deadline = min(trackEnd ?? Int64.max, toFrame)
      if deadline != Int64.max {
        let fadeStart = deadline - Int64(curve.length)
        if cursor < fadeStart {
          blockEnd = min(blockEnd, fadeStart)
        } else {
          leader?.fadeOut()
        }
      }
      // A take voice changes its stretch where its take's speed changed while it was recorded.
      blockEnd = min(blockEnd, followTakeVoiceParts())
      // A take voice ends with its take, faded like the song at its end.
      let takeFade = takeVoiceFadeStart()
      if takeFade != Int64.max {
        if cursor < takeFade {
          blockEnd = min(blockEnd, takeFade)
        } else {
          fadeOutTakeVoice()
        }
      }
      let voicesSound = anyVoiceSounding() || anyTakeVoiceSounding()
      if !voicesSound && !clicksSound(from: cursor, to: blockEnd, in: segment)
        && !takes.sounds(from: cursor, to: blockEnd, length: curve.length)
      {
        // A count-in is not a pause: its silence between clicks is kept.
        if !(settings.skipPauses && !segment.isPlaying && segment.countIn == nil) {
          try writeSilence(frames: Int(blockEnd - cursor))
        }
        cursor = blockEnd
        continue
      }
      if !segment.isPlaying && voicesSound {
        // A pause's fade-out tail lasts at most one fade length.
        blockEnd = min(blockEnd, cursor + Int64(curve.length))
      }
      try renderMix(frames: Int(blockEnd - cursor), segment: segment)
      cursor = blockEnd
    }
  }

  /// Keeps the leading voice when the segment continues it (same place, within half a
  /// millisecond), otherwise fades it out and starts a new voice on the segment's exact frame.
  private func updateVoices(for segment: TimelineSegment) throws {
    guard segment.isPlaying else {
      leader?.fadeOut()
      leader = nil
      return
    }
    let rate = Double(format.sampleRate)
    let target = segment.sourcePosition(atWallSec: Double(cursor) / rate) * rate
    if let voice = leader, voice.isLeading, !Self.isJump(segment.start),
      abs(voice.sourceFrame - target) <= rate * 0.0005
    {
      voice.set(speed: segment.speed, pitchSemitones: segment.pitchSemitones)
      return
    }
    leader?.fadeOut()
    let voice = idleVoice() ?? quietestFollower()
    voice.silence()
    try voice.start(
      atSourceFrame: Int64(target.rounded()), speed: segment.speed,
      pitchSemitones: segment.pitchSemitones, curve: curve)
    leader = voice
  }

  // The voice loops below index `voices`: a debug build's `for … in`, `contains` and `first`
  // over an array go through the generic iterator, whose read coroutine mallocs a frame per
  // element, and this runs on the live engine's audio thread.

  private func anyVoiceSounding() -> Bool {
    for index in 0..<voices.count where voices[index].isSounding { return true }
    return false
  }

  /// The first voice that is not sounding, if any.
  private func idleVoice() -> RenderVoice? {
    for index in 0..<voices.count where !voices[index].isSounding { return voices[index] }
    return nil
  }

  /// The fading voice with the lowest level (taken over when every voice is busy).
  private func quietestFollower() -> RenderVoice {
    var quietest: RenderVoice?
    for index in 0..<voices.count {
      let voice = voices[index]
      if voice !== leader && voice.level < (quietest?.level ?? Int.max) { quietest = voice }
    }
    return quietest ?? voices[0]
  }

  private func silenceAllVoices() {
    for index in 0..<voices.count { voices[index].silence() }
    leader = nil
    silenceTakeVoices()
  }

  /// Mixes every sounding voice (at the song's level), the clicks and the take listened to into
  /// one block and writes it.
  private func renderMix(frames: Int, segment: TimelineSegment) throws {
    let samples = frames * format.channels
    try mix.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.update(repeating: 0, count: samples)
      for index in 0..<voices.count where voices[index].isSounding {
        try voices[index].render(frames: frames, addingTo: base, curve: curve)
      }
      takes.scaleSong(
        base, from: cursor, frames: frames, channels: format.channels, length: curve.length)
      addClicks(to: base, from: cursor, frames: frames, in: segment)
      takes.addTakes(
        to: base, from: cursor, frames: frames, channels: format.channels, curve: curve)
      if anyTakeVoiceSounding() { try addTakeVoices(to: base, frames: frames) }
      try sink.write(UnsafeBufferPointer(rebasing: buffer[0..<samples]), frames: frames)
    }
    framesWritten += Int64(frames)
  }

  /// Writes `frames` of silence, in blocks.
  private func writeSilence(frames: Int) throws {
    var remaining = frames
    try mix.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.update(repeating: 0, count: min(frames, settings.blockFrames) * format.channels)
      while remaining > 0 {
        let count = min(remaining, settings.blockFrames)
        try sink.write(
          UnsafeBufferPointer(rebasing: buffer[0..<(count * format.channels)]), frames: count)
        remaining -= count
      }
    }
    framesWritten += Int64(frames)
  }
}
