import Sharp9Domain

/// A take as *parts*, each played along at one speed and pitch: part 0 from its first frame at
/// ``TakeSound/playedAt``, then one from each change. The song's *progress* (its frames played,
/// ``TakeLineClock``) at a take frame grows by the part's speed per take frame, so a take frame
/// is found from the progress part by part. Pure arithmetic over the view, on the audio thread:
/// no allocation (a take has at most ``PracticeRules/takePlayedAtChangeLimit`` changes).
extension TakeSound {
  /// How many parts the take has.
  var partCount: Int { 1 + changes.count }

  /// The speed and pitch part `part` was played along at (nil: the take's is unknown).
  func playedAt(part: Int) -> SpeedAndPitch? {
    part == 0 ? playedAt : changes[part - 1].playedAt
  }

  /// The take frame part `part` starts at.
  func firstFrame(part: Int) -> Int64 {
    part == 0 ? 0 : changes[part - 1].frame
  }

  /// The part take frame `frame` is in.
  func part(atTakeFrame frame: Double) -> Int {
    var part = 0
    while part + 1 < partCount, Double(firstFrame(part: part + 1)) <= frame { part += 1 }
    return part
  }

  /// The song's progress where part `part` starts (0 for a take of unknown speed).
  func progress(atPart part: Int) -> Double {
    var progress = 0.0
    for earlier in 0..<part {
      let frames = firstFrame(part: earlier + 1) - firstFrame(part: earlier)
      progress += Double(frames) * (playedAt(part: earlier)?.speed ?? 1)
    }
    return progress
  }

  /// The take frame the song's progress `progress` reaches.
  func takeFrame(atProgress progress: Double) -> Double {
    var partStart = 0.0
    for part in 0..<partCount {
      let speed = playedAt(part: part)?.speed ?? 1
      let first = firstFrame(part: part)
      if part + 1 == partCount { return Double(first) + (progress - partStart) / speed }
      let partEnd = partStart + Double(firstFrame(part: part + 1) - first) * speed
      if progress < partEnd { return Double(first) + (progress - partStart) / speed }
      partStart = partEnd
    }
    return progress
  }
}
