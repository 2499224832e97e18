import Sharp9Domain
import Testing

@testable import Sharp9Audio

@Suite struct WaveformPeakAccumulatorTests {
  /// Reference: the documented bucket rule applied sample by sample.
  static func reference(_ samples: [Float], channels: Int, buckets: Int) -> ([Float], [Float]) {
    let frames = samples.count / channels
    let count = min(buckets, frames)
    var low = [Float](repeating: .infinity, count: count)
    var high = [Float](repeating: -.infinity, count: count)
    for bucket in 0..<count {
      for frame in (bucket * frames / count)..<((bucket + 1) * frames / count) {
        for channel in 0..<channels {
          low[bucket] = min(low[bucket], samples[frame * channels + channel])
          high[bucket] = max(high[bucket], samples[frame * channels + channel])
        }
      }
    }
    return (low, high)
  }

  /// Any chunking, channel count and bucket count gives the reference result (fixed seeds).
  @Test(arguments: 0..<40)
  func matchesReferenceForAnyChunking(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    let channels = Int.random(in: 1...3, using: &generator)
    let frames = Int.random(in: 1...700, using: &generator)
    let buckets = Int.random(in: 1...900, using: &generator)
    let samples = TestSignal.noise(count: frames * channels, seed: UInt64(seed) &+ 1000)
    var accumulator = WaveformPeakAccumulator(
      totalFrames: Int64(frames), channels: channels, targetBuckets: buckets)
    samples.withUnsafeBufferPointer { all in
      var next = 0
      while next < frames {
        let count = min(frames - next, Int.random(in: 1...50, using: &generator))
        let chunk = UnsafeBufferPointer(
          rebasing: all[(next * channels)..<((next + count) * channels)])
        accumulator.consume(chunk, frames: count)
        next += count
      }
    }
    let (low, high) = Self.reference(samples, channels: channels, buckets: buckets)
    let peaks = accumulator.peaks(sampleRate: 100)
    #expect(
      peaks
        == WaveformPeaks(min: low, max: high, buckets: low.count, durationSec: Double(frames) / 100)
    )
  }

  @Test func nanSamplesAreIgnored() {
    let samples: [Float] = [0.5, .nan, -0.25, .nan, .nan, .nan, .nan, .nan, .nan, .nan, 0.1]
    var accumulator = WaveformPeakAccumulator(totalFrames: 11, channels: 1, targetBuckets: 1)
    samples.withUnsafeBufferPointer { accumulator.consume($0, frames: 11) }
    #expect(
      accumulator.peaks(sampleRate: 11)
        == WaveformPeaks(min: [-0.25], max: [0.5], buckets: 1, durationSec: 1))
  }

  @Test func undeliveredFramesReadAsSilence() {
    var accumulator = WaveformPeakAccumulator(totalFrames: 4, channels: 1, targetBuckets: 2)
    [Float](arrayLiteral: 0.5, 0.7).withUnsafeBufferPointer { accumulator.consume($0, frames: 2) }
    #expect(
      accumulator.peaks(sampleRate: 4)
        == WaveformPeaks(min: [0.5, 0], max: [0.7, 0], buckets: 2, durationSec: 1))
  }

  @Test func hugeFileBucketBoundariesDoNotOverflow() {
    let accumulator = WaveformPeakAccumulator(
      totalFrames: Int64(1) << 50, channels: 2, targetBuckets: 1 << 20)
    #expect(accumulator.bucketStart(1 << 20) == Int64(1) << 50)
    #expect(accumulator.bucketStart(3) == 3 << 30)
  }
}
