import Sharp9Domain

/// The metronome and the count-in, mixed over the voices: each click starts on the wall frame
/// of its beat and plays its whole ``ClickSound`` (over block and segment boundaries: one click
/// voice carries it).
///
/// Where clicks fall, per segment:
/// - A count-in segment (``TimelineSegment/countIn``): click `k` at
///   `round((start + k · beat) × rate)` wall frames, accented every ``BeatGrid/beatsPerBar``
///   clicks from the first, at the count-in level.
/// - A playing segment, with the metronome on: every beat `b` of the grid whose frame
///   `round((wallStart + (b − sourceStart) / speed) × rate)` lies in the segment's frames,
///   accented on bar starts. Assigned by frame, a click is the same however the clock split the
///   line; a beat at B is heard at A's pass, not twice (its frame is the next segment's, whose
///   line starts at A).
///
/// Runs on the live engine's audio thread: arithmetic and a binary search, no allocation.
extension SessionRenderer {
  /// Whether a click sounds anywhere in wall frames `start..<end` of `segment`.
  func clicksSound(from start: Int64, to end: Int64, in segment: TimelineSegment) -> Bool {
    clickOnset + Int64(clickSound.length) > start
      || nextClick(from: start, before: end, in: segment) != nil
  }

  /// Adds the clicks of wall frames `start..<start + frames` of `segment` to `base`
  /// (interleaved, the output's channels).
  func addClicks(
    to base: UnsafeMutablePointer<Float>, from start: Int64, frames: Int,
    in segment: TimelineSegment
  ) {
    let end = start + Int64(frames)
    var from = start
    var searchFrom = start
    while from < end {
      let next = nextClick(from: searchFrom, before: end, in: segment)
      let stop = next?.onset ?? end
      addClickTail(to: base, blockStart: start, from: from, to: stop)
      guard let next else { break }
      clickOnset = next.onset
      clickAccent = next.accent
      clickGain = next.gain
      from = next.onset
      searchFrom = next.onset + 1
    }
  }

  /// Silences the click voice (a jump out of the output window).
  func silenceClick() { clickOnset = Int64.min / 2 }

  /// Adds the sounding click's samples for wall frames `from..<to`.
  private func addClickTail(
    to base: UnsafeMutablePointer<Float>, blockStart: Int64, from: Int64, to: Int64
  ) {
    let first = max(from, clickOnset)
    let last = min(to, clickOnset + Int64(clickSound.length))
    guard first < last, clickGain > 0 else { return }
    let channels = format.channels
    let soundStart = Int(first - clickOnset)
    let blockOffset = Int(first - blockStart)
    // Int ranges: a debug build iterates a `Range<Int64>` through the unspecialized generic
    // iterator, which allocates on the audio thread.
    for step in 0..<Int(last - first) {
      let sample = clickSound.sample(soundStart + step, accent: clickAccent) * clickGain
      let offset = (blockOffset + step) * channels
      for channel in 0..<channels { base[offset + channel] += sample }
    }
  }

  /// The first click of `segment` with its onset in `from..<end`.
  private func nextClick(from: Int64, before end: Int64, in segment: TimelineSegment)
    -> (onset: Int64, accent: Bool, gain: Float)?
  {
    let rate = Double(format.sampleRate)
    let segmentEnd = frame(atWallSec: segment.wallEndSec)
    let limit = min(end, segmentEnd)
    guard from < limit else { return nil }
    if let span = segment.countIn {
      let gain = Float(timeline.clicks.countInLevel)
      guard gain > 0, span.beatWallSec > 0 else { return nil }
      // Clamped before converting: a position past the last click needs no search.
      let position = (Double(from) / rate - span.startWallSec) / span.beatWallSec
      guard position < Double(span.beats) else { return nil }
      var index = max(0, Int(max(position, 0)) - 1)
      while index < span.beats {
        let onset = frame(atWallSec: span.clickWallSec(index))
        if onset >= limit { return nil }
        if onset >= from {
          return (onset, index % BeatGrid.beatsPerBar == 0, gain)
        }
        index += 1
      }
      return nil
    }
    let gain = Float(timeline.clicks.metronomeLevel)
    guard segment.isPlaying, gain > 0, clickGrid.beats.count > 0, segment.speed > 0 else {
      return nil
    }
    // A beat clicks on the frame it rounds to, in whichever piece of the playing line holds
    // that frame: so where the clock split the line (events, device callbacks) cannot move or
    // repeat a click. Candidates start a frame's worth of source before `from`.
    let frameSource = segment.speed / rate
    let fromSource =
      segment.sourceStartSec + (Double(from) / rate - segment.wallStartSec) * segment.speed
    var index = clickGrid.firstIndex(
      notBefore: max(segment.sourceStartSec - frameSource, fromSource - frameSource))
    while index < clickGrid.beats.count {
      let beat = clickGrid.beats[index]
      let onset = frame(
        atWallSec: segment.wallStartSec + (beat - segment.sourceStartSec) / segment.speed)
      if onset >= limit { return nil }
      if onset >= from { return (onset, clickGrid.accents[index], gain) }
      index += 1
    }
    return nil
  }
}
