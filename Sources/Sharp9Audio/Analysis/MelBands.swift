import Foundation

/// Triangular bands equally spaced on the mel scale, summing a magnitude spectrum into
/// ``BeatTuning/bandCount`` values that follow pitch the way hearing does (as many bands per
/// octave high up as the bass gets in all).
///
/// Band `b` rises from edge `b` to edge `b + 1` and falls to edge `b + 2`, with weight 1 at its
/// center; edges run from ``BeatTuning/lowestBandHz`` to ``BeatTuning/highestBandHz`` or 95 % of
/// the Nyquist frequency, whichever is lower. A band narrower than a bin weighs no bin; a rate too
/// low for any band (below 64 Hz) gives no bands.
struct MelBands {
  /// One band: the first bin it weighs and the weights of the bins from there.
  struct Band {
    let firstBin: Int
    let weights: [Float]
    /// Center frequency in Hz.
    let centerHz: Double
  }

  let bands: [Band]

  /// The bands for a `size`-point spectrum at `sampleRate` Hz.
  init(size: Int, sampleRate: Double) {
    let count = BeatTuning.bandCount
    let top = min(BeatTuning.highestBandHz, 0.95 * sampleRate / 2)
    guard top > BeatTuning.lowestBandHz else {
      bands = []
      return
    }
    let low = Self.mel(BeatTuning.lowestBandHz)
    let step = (Self.mel(top) - low) / Double(count + 1)
    let edges = (0..<(count + 2)).map { Self.hertz(low + Double($0) * step) }
    let binHz = sampleRate / Double(size)
    bands = (0..<count).map { band in
      let (lower, center, upper) = (edges[band], edges[band + 1], edges[band + 2])
      let first = min(size / 2, Int((lower / binHz).rounded(.up)))
      let last = min(size / 2, Int((upper / binHz).rounded(.down)))
      guard first <= last else { return Band(firstBin: first, weights: [], centerHz: center) }
      let weights = (first...last).map { bin -> Float in
        let frequency = Double(bin) * binHz
        let rising = (frequency - lower) / (center - lower)
        let falling = (upper - frequency) / (upper - center)
        return Float(max(0, min(rising, falling)))
      }
      return Band(firstBin: first, weights: weights, centerHz: center)
    }
  }

  /// The HTK mel scale.
  static func mel(_ hertz: Double) -> Double { 2595 * log10(1 + hertz / 700) }

  /// Inverse of ``mel(_:)``.
  static func hertz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
}
