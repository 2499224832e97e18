import Sharp9Audio
import Sharp9Domain

/// The human form of `sharp9 peaks`: a header, then one line per bucket with its start time,
/// min, max and a horizontal bar (negative half left of `|`, positive half right), so the file's
/// loud and quiet parts read top to bottom like a waveform turned on its side.
///
/// ```
/// take.wav: 00:01.00, 2 ch, 44100 Hz, WAV (Microsoft), Signed 16 bit PCM
/// 4 buckets of 11025 frames; min and max over all channels
///     time      min      max
/// 00:00.00  -0.5000  +0.5000  ##########|##########
/// ```
struct PeaksText {
  /// Characters per half bar: full scale (1.0) fills it.
  static let halfWidth = 20

  var name: String
  var format: AudioFormat
  var peaks: WaveformPeaks

  var rendered: String {
    var lines = [
      "\(name): \(formatTime(format.durationSec)), \(format.channels) ch, \(format.sampleRate) Hz, "
        + "\(format.container), \(format.encoding)",
      "\(peaks.buckets) buckets of \(bucketFrames) frames; min and max over all channels",
    ]
    if peaks.buckets > 0 { lines.append("    time      min      max") }
    for index in 0..<peaks.buckets {
      let start = WaveformPeaks.startFrame(
        ofBucket: index, frames: format.frames, buckets: peaks.buckets)
      let time = formatTime(Double(start) / Double(format.sampleRate))
      let low = peaks.min[index]
      let high = peaks.max[index]
      lines.append("\(time)  \(Self.sample(low))  \(Self.sample(high))  \(Self.bar(low, high))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `N` or `N–M` when integer division makes buckets differ by one frame.
  private var bucketFrames: String {
    guard peaks.buckets > 0 else { return "0" }
    let shortest = format.frames / Int64(peaks.buckets)
    let longest = (format.frames + Int64(peaks.buckets) - 1) / Int64(peaks.buckets)
    return shortest == longest ? "\(shortest)" : "\(shortest)-\(longest)"
  }

  /// `+0.5000` / `-0.0012`: signed, four decimals, locale-free.
  static func sample(_ value: Float) -> String {
    guard value.isFinite else { return value > 0 ? "+inf" : value < 0 ? "-inf" : "nan" }
    let units = Int64((Double(value.magnitude) * 10_000).rounded())
    let fraction = String(units % 10_000)
    let sign = value < 0 && units > 0 ? "-" : "+"
    return sign + String(units / 10_000) + "." + String(repeating: "0", count: 4 - fraction.count)
      + fraction
  }

  /// `   ####|######`: |min| to the left of the centre, max to the right (no trailing spaces).
  static func bar(_ low: Float, _ high: Float) -> String {
    let left = cells(-low)
    let right = cells(high)
    return String(repeating: " ", count: halfWidth - left) + String(repeating: "#", count: left)
      + "|" + String(repeating: "#", count: right)
  }

  /// Cells for a magnitude: rounded to the nearest cell, clamped to the half width.
  private static func cells(_ magnitude: Float) -> Int {
    guard magnitude > 0 else { return 0 }
    return Int(min(Float(halfWidth), (magnitude * Float(halfWidth)).rounded()))
  }
}
