import Sharp9Audio
import Sharp9Domain

/// The open song's waveform for the practice page (`GET /api/app/peaks`): each bucket's lowest
/// and highest sample in thousandths of full scale, fine enough for the detail view around the
/// playhead (at most ``maxBuckets``, at least ``minBucketFrames`` frames each); the overview
/// folds them.
struct PracticePeaks: Encodable, Sendable {
  var buckets: Int
  var durationSec: Double
  var min: [Int]
  var max: [Int]

  /// How many buckets at most: ~1 MB of JSON for a song of any length.
  static let maxBuckets: Int64 = 1 << 16
  /// Fewer frames than this per bucket show nothing more at the detail view's zoom.
  static let minBucketFrames: Int64 = 128

  init(_ audio: DecodedAudio) {
    let frames = audio.format.frames
    let bucketFrames = Swift.max(
      Self.minBucketFrames, (frames + Self.maxBuckets - 1) / Self.maxBuckets)
    let peaks = audio.peaks(bucketFrames: Int(bucketFrames))
    buckets = peaks.buckets
    durationSec = peaks.durationSec
    min = peaks.min.map { Int(($0 * 1000).rounded()) }
    max = peaks.max.map { Int(($0 * 1000).rounded()) }
  }

  /// The interchange JSON of these peaks (compact, in declaration order), written straight to
  /// text: the interchange encoder would build a tree of up to 131,072 values first, on every
  /// song's opening.
  var json: String {
    var text = "{\"buckets\":\(buckets),\"durationSec\":\(JSONText.number(durationSec)),\"min\":["
    text.reserveCapacity(16 * buckets + 64)
    Self.append(min, to: &text)
    text += "],\"max\":["
    Self.append(max, to: &text)
    text += "]}"
    return text
  }

  private static func append(_ values: [Int], to text: inout String) {
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      text += String(value)
    }
  }
}
