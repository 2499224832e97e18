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

  /// Lowest and highest of `count` samples, eight lanes at a time (compare-and-select compiles to
  /// vector min/max instructions; the scalar loop does not vectorize because of NaN rules).
  static func extremes(_ samples: UnsafePointer<Float>, count: Int) -> (Float, Float) {
    var low = SIMD8<Float>(repeating: .infinity)
    var high = SIMD8<Float>(repeating: -.infinity)
    let raw = UnsafeRawPointer(samples)
    var index = 0
    while index + 8 <= count {
      let lane = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
      // Compare-and-select (not `pointwiseMin`, which propagates NaN): NaN lanes never win.
      low.replace(with: lane, where: lane .< low)
      high.replace(with: lane, where: lane .> high)
      index += 8
    }
    var lowest = low.min()
    var highest = high.max()
    while index < count {
      lowest = Swift.min(lowest, samples[index])
      highest = Swift.max(highest, samples[index])
      index += 1
    }
    return (lowest, highest)
  }
}
