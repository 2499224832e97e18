/// Folds interleaved frames, fed in any chunking, into ``WaveformPeaks`` buckets.
///
/// Configure with the total frame count, then ``consume(_:frames:)`` chunks in order; allocation
/// happens only in `init`. The result is identical however the stream is chunked.
struct WaveformPeakAccumulator {
  let totalFrames: Int64
  let channels: Int
  let buckets: Int
  private(set) var min: [Float]
  private(set) var max: [Float]
  private(set) var position: Int64 = 0
  private var bucket = 0
  private var bucketEnd: Int64

  /// - Parameters:
  ///   - totalFrames: frames the stream will deliver.
  ///   - targetBuckets: wanted bucket count, > 0; clamped to `totalFrames`.
  init(totalFrames: Int64, channels: Int, targetBuckets: Int) {
    precondition(totalFrames >= 0 && channels > 0 && targetBuckets > 0)
    self.totalFrames = totalFrames
    self.channels = channels
    buckets = Int(Swift.min(Int64(targetBuckets), totalFrames))
    min = [Float](repeating: .infinity, count: buckets)
    max = [Float](repeating: -.infinity, count: buckets)
    bucketEnd = 0
    bucketEnd = bucketStart(1)
  }

  /// First frame of bucket `index`: see ``WaveformPeaks/startFrame(ofBucket:frames:buckets:)``.
  func bucketStart(_ index: Int) -> Int64 {
    WaveformPeaks.startFrame(ofBucket: index, frames: totalFrames, buckets: buckets)
  }

  /// Takes the next `frames` frames from `interleaved` (`frames * channels` samples).
  mutating func consume(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) {
    precondition(position + Int64(frames) <= totalFrames, "more frames than configured")
    precondition(interleaved.count >= frames * channels, "buffer smaller than frames × channels")
    guard let base = interleaved.baseAddress else { return }
    var offset = 0
    while offset < frames {
      let count = Int(Swift.min(Int64(frames - offset), bucketEnd - position))
      let (low, high) = Self.extremes(base + offset * channels, count: count * channels)
      min[bucket] = Swift.min(min[bucket], low)
      max[bucket] = Swift.max(max[bucket], high)
      offset += count
      position += Int64(count)
      if position == bucketEnd {
        bucket += 1
        bucketEnd = bucketStart(bucket + 1)
      }
    }
  }

  /// The peaks; frames never delivered (an MP3 shorter than its estimated length) read as
  /// silence.
  func peaks(sampleRate: Int) -> WaveformPeaks {
    var min = self.min
    var max = self.max
    for index in 0..<buckets where min[index] > max[index] {
      (min[index], max[index]) = (0, 0)
    }
    let duration = sampleRate > 0 ? Double(totalFrames) / Double(sampleRate) : 0
    return WaveformPeaks(min: min, max: max, buckets: buckets, durationSec: duration)
  }

  /// Lowest and highest of `count` samples, sixteen lanes at a time: compare-and-select compiles
  /// to vector min/max instructions, and sixteen lanes give the CPU independent chains to overlap
  /// (the scalar loop does not vectorize at all because of NaN rules).
  static func extremes(_ samples: UnsafePointer<Float>, count: Int) -> (Float, Float) {
    typealias Lanes = SIMD16<Float>
    var low = Lanes(repeating: .infinity)
    var high = Lanes(repeating: -.infinity)
    let vectorEnd = samples + (count - count % Lanes.scalarCount)
    var cursor = samples
    while cursor < vectorEnd {
      let lane = UnsafeRawPointer(cursor).loadUnaligned(as: Lanes.self)
      // Compare-and-select (not `pointwiseMin`, which propagates NaN): NaN lanes never win.
      low.replace(with: lane, where: lane .< low)
      high.replace(with: lane, where: lane .> high)
      cursor += Lanes.scalarCount
    }
    var lowest = low.min()
    var highest = high.max()
    while cursor < samples + count {
      lowest = Swift.min(lowest, cursor.pointee)
      highest = Swift.max(highest, cursor.pointee)
      cursor += 1
    }
    return (lowest, highest)
  }
}
