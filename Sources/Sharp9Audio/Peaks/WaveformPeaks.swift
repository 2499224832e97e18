/// The waveform overview of a file: per bucket, the lowest and highest sample value.
///
/// Bucket `i` covers frames `[i * frames / buckets, (i + 1) * frames / buckets)` (integer
/// division, so bucket sizes differ by at most one frame and every frame belongs to exactly one
/// bucket). `min[i]` and `max[i]` are taken over every channel's samples in that span rather
/// than a mono mix: a mix can cancel out-of-phase channels and hide a clipped one, while a
/// display wants the true extremes. Sample values are as the reader returns them (integer
/// formats in [-1, 1), float files unclamped); NaN samples are ignored.
public struct WaveformPeaks: Sendable, Equatable, Hashable, Codable {
  /// Lowest sample per bucket.
  public var min: [Float]
  /// Highest sample per bucket.
  public var max: [Float]
  /// Number of buckets: the requested count, or the file's frame count when it has fewer frames
  /// (0 for an empty file), so no bucket is ever empty.
  public var buckets: Int
  /// Length of the file in seconds.
  public var durationSec: Double

  /// Creates peaks; `min` and `max` must both have `buckets` elements.
  public init(min: [Float], max: [Float], buckets: Int, durationSec: Double) {
    precondition(min.count == buckets && max.count == buckets, "min/max must have buckets elements")
    self.min = min
    self.max = max
    self.buckets = buckets
    self.durationSec = durationSec
  }

  /// First frame of bucket `index` for a file of `frames` frames split into `buckets` buckets:
  /// `index * frames / buckets`, computed without overflow. `index == buckets` gives `frames`.
  public static func startFrame(ofBucket index: Int, frames: Int64, buckets: Int) -> Int64 {
    guard buckets > 0 else { return 0 }
    let product = Int64(index).multipliedFullWidth(by: frames)
    return Int64(buckets).dividingFullWidth(product).quotient
  }
}
