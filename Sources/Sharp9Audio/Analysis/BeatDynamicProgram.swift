import Foundation

/// Beat tracking by dynamic programming (Ellis, "Beat Tracking by Dynamic Programming", 2007):
/// the beats are the sequence of frames that maximizes the onset strength at the beats minus a
/// penalty for every interval that strays from the period.
///
/// Each interval costs ``BeatTuning/tightness`` × log²(interval / period), so the local tempo can
/// follow the music's drift (3 % off costs 0.09, a tenth of a typical onset) while a skipped or
/// doubled beat never pays. The search is exact: every frame keeps its best predecessor within
/// ½…2 periods, or none when a beat before the start of the file (scoring 0) would do better, so
/// the first beat never pays for an interval to the silence before it.
struct BeatDynamicProgram {
  /// Onset strength per frame, in units of its standard deviation.
  let normalized: [Double]

  /// Prepares `strength` (not all zero).
  init(strength: [Float]) {
    let count = Double(max(1, strength.count))
    let mean = strength.reduce(0.0) { $0 + Double($1) } / count
    let variance = strength.reduce(0.0) { $0 + pow(Double($1) - mean, 2) } / count
    let deviation = variance.squareRoot()
    normalized = strength.map { deviation > 0 ? Double($0) / deviation : 0 }
  }

  /// Beat positions in frames (fractional: each refined to its local peak), ascending, for a
  /// beat `period` frames long (> 1).
  func track(period: Double) -> [Double] {
    let local = localScore(period: period)
    let count = local.count
    guard count > 0 else { return [] }
    let nearest = max(1, Int((period / 2).rounded()))
    let farthest = max(nearest, Int((2 * period).rounded()))
    let penalty = (nearest...farthest).map {
      BeatTuning.tightness * pow(log(Double($0) / period), 2)
    }
    var cumulative = [Double](repeating: 0, count: count)
    var backlink = [Int](repeating: -1, count: count)
    for frame in 0..<count {
      // A beat before the start: the best interval that reaches back past frame 0.
      var best = -Double.infinity
      if frame < farthest, let reach = penalty[max(0, frame + 1 - nearest)...].min() {
        best = -reach
      }
      var link = -1
      let earliest = max(0, frame - farthest)
      let latest = frame - nearest
      if latest >= earliest {
        for previous in earliest...latest {
          let score = cumulative[previous] - penalty[frame - previous - nearest]
          if score > best { (best, link) = (score, previous) }
        }
      }
      cumulative[frame] = local[frame] + (best > -.infinity ? best : 0)
      backlink[frame] = link
    }
    var beats: [Int] = []
    var frame = lastBeat(cumulative, period: period)
    while frame >= 0 {
      beats.append(frame)
      frame = backlink[frame]
    }
    beats.reverse()
    return Self.regularEnds(trimmed(beats, local)).map { refined($0, local) }
  }

  /// The onset strength smoothed by a Gaussian 1/32 of a period wide, over ±1 period: a beat a
  /// frame or two off its onset still collects it.
  private func localScore(period: Double) -> [Double] {
    let radius = Int(period)
    let kernel = (-radius...radius).map { exp(-0.5 * pow(Double($0) * 32 / period, 2)) }
    let count = normalized.count
    return normalized.withUnsafeBufferPointer { values in
      (0..<count).map { index in
        var sum = 0.0
        let lower = max(-radius, -index)
        let upper = min(radius, count - 1 - index)
        if lower <= upper {
          for offset in lower...upper { sum += kernel[offset + radius] * values[index + offset] }
        }
        return sum
      }
    }
  }

  /// Where the best path ends: the last local maximum of the cumulative score that reaches half
  /// the median of those maxima (a path ending in the fade-out would lose a little score), or
  /// the best frame within the period before it: a last off-beat hi-hat, reached by a bent
  /// interval, scores less than the beat it follows.
  private func lastBeat(_ cumulative: [Double], period: Double) -> Int {
    let candidate = lastPeak(cumulative)
    let earliest = max(0, candidate - Int(period.rounded()) + 1)
    var best = candidate
    for frame in earliest...candidate where cumulative[frame] > cumulative[best] { best = frame }
    return best
  }

  /// The last local maximum of `cumulative` that reaches half the median of those maxima.
  private func lastPeak(_ cumulative: [Double]) -> Int {
    let count = cumulative.count
    guard count > 2 else { return count - 1 }
    let peaks = (1..<(count - 1)).filter {
      cumulative[$0] > cumulative[$0 - 1] && cumulative[$0] >= cumulative[$0 + 1]
    }
    guard !peaks.isEmpty else { return count - 1 }
    let values = peaks.map { cumulative[$0] }.sorted()
    let median =
      values.count % 2 == 1
      ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
    return peaks.last { cumulative[$0] >= 0.5 * median } ?? count - 1
  }

  /// `beats` without leading and trailing beats whose local score is under half the beats' root
  /// mean square: the path runs through the silence before and after the music.
  private func trimmed(_ beats: [Int], _ local: [Double]) -> [Int] {
    guard !beats.isEmpty else { return [] }
    let meanSquare = beats.reduce(0.0) { $0 + local[$1] * local[$1] } / Double(beats.count)
    let threshold = 0.5 * meanSquare.squareRoot()
    guard let first = beats.firstIndex(where: { local[$0] >= threshold }),
      let last = beats.lastIndex(where: { local[$0] >= threshold })
    else { return [] }
    return Array(beats[first...last])
  }

  /// `beats` without first or last beats whose interval to their neighbour differs from the
  /// median of the next eight intervals by more than ``BeatTuning/endIntervalTolerance``: with
  /// no beats after it to keep it in line, the path's end bends towards a last off-beat.
  static func regularEnds(_ beats: [Int]) -> [Int] {
    let context = 8
    var beats = beats[...]
    func irregular(_ interval: Int, _ others: [Int]) -> Bool {
      let sorted = others.sorted()
      let median = Double(sorted[sorted.count / 2] + sorted[(sorted.count - 1) / 2]) / 2
      return abs(Double(interval) / median - 1) > BeatTuning.endIntervalTolerance
    }
    while beats.count > context + 1 {
      let tail = Array(beats.suffix(context + 2))
      let intervals = zip(tail, tail.dropFirst()).map { $1 - $0 }
      guard irregular(intervals[context], Array(intervals[..<context])) else { break }
      beats.removeLast()
    }
    while beats.count > context + 1 {
      let head = Array(beats.prefix(context + 2))
      let intervals = zip(head, head.dropFirst()).map { $1 - $0 }
      guard irregular(intervals[0], Array(intervals[1...])) else { break }
      beats.removeFirst()
    }
    return Array(beats)
  }

  /// `frame` moved to the vertex of the parabola through its local score and its neighbours'
  /// (at most half a frame).
  private func refined(_ frame: Int, _ local: [Double]) -> Double {
    guard frame > 0, frame < local.count - 1 else { return Double(frame) }
    let (left, center, right) = (local[frame - 1], local[frame], local[frame + 1])
    let curvature = left - 2 * center + right
    guard curvature < 0 else { return Double(frame) }
    return Double(frame) + min(0.5, max(-0.5, 0.5 * (left - right) / curvature))
  }
}
