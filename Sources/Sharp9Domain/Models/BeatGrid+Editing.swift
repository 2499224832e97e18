import Foundation

/// The grid edits and questions the reducer needs: a constant grid from a tempo, a shift, the
/// nearest beat or bar, the beat some beats away, and the check of a grid from outside.
extension BeatGrid {
  /// Beats per bar of a grid made from a tempo (4/4, as the analysis assumes).
  public static let beatsPerBar = 4

  /// A constant grid of `tempo` BPM with a bar starting at `anchorSec`: every beat in
  /// `[0, durationSec]` (at most ``PracticeRules/maximumBeats``), every ``beatsPerBar``-th one
  /// (counted from the anchor) a downbeat.
  public static func constant(tempo: Double, anchorSec: Double, durationSec: Double) -> BeatGrid {
    let period = 60 / tempo
    // Bounds that keep the index arithmetic in range whatever arrives (a grid is for a song).
    guard period >= 0.001, period.isFinite, anchorSec.magnitude <= 1e9, durationSec <= 1e9 else {
      return BeatGrid(tempo: tempo, beats: [], downbeats: [])
    }
    let first = Int((-anchorSec / period).rounded(.up))
    let last = min(
      Int(((durationSec - anchorSec) / period).rounded(.down)),
      first + PracticeRules.maximumBeats - 1)
    var beats: [Double] = []
    var downbeats: [Double] = []
    if first <= last {
      beats.reserveCapacity(last - first + 1)
      for index in first...last {
        let time = anchorSec + Double(index) * period
        beats.append(time)
        if index % beatsPerBar == 0 { downbeats.append(time) }
      }
    }
    return BeatGrid(tempo: tempo, beats: beats, downbeats: downbeats)
  }

  /// The grid moved by `seconds`; beats moved past either end of `[0, durationSec]` are dropped.
  public func shifted(by seconds: Double, durationSec: Double) -> BeatGrid {
    let inside = { (time: Double) in 0 <= time && time <= durationSec }
    return BeatGrid(
      tempo: tempo, beats: beats.map { $0 + seconds }.filter(inside),
      downbeats: downbeats.map { $0 + seconds }.filter(inside))
  }

  /// Whether a grid from outside (a script, another tool) is one the analysis could have made
  /// for a track of `durationSec`: a tempo within ``PracticeRules/tempoRange`` (the analysis
  /// finds 40 to 220 BPM; none with no beats), beats
  /// finite, inside the track, ascending at least ``PracticeRules/minimumBeatGapSec`` apart, at
  /// most ``PracticeRules/maximumBeats``, and every downbeat one of the beats.
  public func isValid(durationSec: Double) -> Bool {
    guard beats.count <= PracticeRules.maximumBeats else { return false }
    if let tempo {
      guard PracticeRules.tempoRange.contains(tempo) else { return false }
    } else if !beats.isEmpty {
      return false
    }
    var previous = -Double.infinity
    for time in beats {
      guard time.isFinite, 0 <= time, time <= durationSec,
        time - previous >= PracticeRules.minimumBeatGapSec
      else { return false }
      previous = time
    }
    var index = 0
    for downbeat in downbeats {
      while index < beats.count, beats[index] < downbeat { index += 1 }
      guard index < beats.count, beats[index] == downbeat else { return false }
    }
    return true
  }

  /// The beat (or downbeat, with `bars`) nearest `timeSec`, nil when there is none.
  public func nearest(to timeSec: Double, bars: Bool = false) -> Double? {
    let times = bars ? downbeats : beats
    let index = Self.firstIndex(in: times, notBefore: timeSec)
    let after = index < times.count ? times[index] : nil
    let before = index > 0 ? times[index - 1] : nil
    switch (before, after) {
    case (let b?, let a?): return timeSec - b <= a - timeSec ? b : a
    case (let b?, nil): return b
    case (nil, let a?): return a
    case (nil, nil): return nil
    }
  }

  /// The beat `count` beats after `timeSec` (before it when negative): from a time on a beat
  /// (within half a millisecond) the count starts at that beat, else the first step lands on the
  /// next (or previous) beat. Nil when no beat lies that far.
  public func beat(_ count: Int, from timeSec: Double) -> Double? {
    guard count != 0 else { return nil }
    let tolerance = 0.0005
    let index = Self.firstIndex(in: beats, notBefore: timeSec - tolerance)
    let onBeat = index < beats.count && abs(beats[index] - timeSec) <= tolerance
    // From the next beat off the grid, the first step is already taken.
    let start = count > 0 && !onBeat ? index - 1 : index
    let (target, overflow) = start.addingReportingOverflow(count)
    return !overflow && beats.indices.contains(target) ? beats[target] : nil
  }

  /// The index of the first time in `times` (ascending) at or after `timeSec`.
  static func firstIndex(in times: [Double], notBefore timeSec: Double) -> Int {
    times.withUnsafeBufferPointer { firstIndex(in: $0, notBefore: timeSec) }
  }

  /// The index of the first time in `times` (ascending) at or after `timeSec`: a binary search
  /// that allocates nothing (the renderer's metronome runs it on the audio thread).
  public static func firstIndex(in times: UnsafeBufferPointer<Double>, notBefore timeSec: Double)
    -> Int
  {
    var low = 0
    var high = times.count
    while low < high {
      let middle = (low + high) / 2
      if times[middle] < timeSec { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
