import Foundation

/// One side of the crossover between the long-window vocoder (low band) and the short-window one
/// (high band): per-bin gains that fall (low) or rise (high) as a raised cosine across the
/// transition, so the two sides sum to one at every frequency.
///
/// Applied to a vocoder's analysis spectra, a zero-phase mask that is smooth over many bins acts
/// as a linear time-invariant filter once overlap-added (periodic Hann windows at 4× overlap or
/// more), so at ratio 1 the two bands sum back to the input to within the difference between the
/// two windows' autocorrelations over the mask's short impulse response.
struct SpectralBand {
  /// Which side of the crossover the band keeps.
  enum Side {
    /// Below the crossover: bass and fundamentals, which need the long window's resolution.
    case low
    /// Above the crossover: the short window keeps consonants and attacks tight.
    case high
  }

  /// First bin whose gain is not zero.
  let lowerBin: Int
  /// One past the last bin whose gain is not zero.
  let upperBin: Int
  /// First bin above the transition whose gain is one, or 0 when the band starts at DC.
  let fullBin: Int
  private let gains: AlignedFloats

  /// The gains for a `size`-point spectrum at `sampleRate`, crossing over at `crossoverHz` with a
  /// transition `transitionHz` wide.
  init(side: Side, size: Int, sampleRate: Double, crossoverHz: Double, transitionHz: Double)
    throws
  {
    let bins = size / 2 + 1
    gains = try AlignedFloats(count: bins)
    let lower = crossoverHz - transitionHz / 2
    var first = bins
    var last = 0
    var full = bins
    for bin in 0..<bins {
      let frequency = Double(bin) * sampleRate / Double(size)
      let position = min(max((frequency - lower) / transitionHz, 0), 1)
      let low = 0.5 + 0.5 * cos(Double.pi * position)
      let gain = side == .low ? low : 1 - low
      gains.pointer[bin] = Float(gain)
      if gain == 1, full == bins { full = bin }
      if gain > 0 {
        first = min(first, bin)
        last = bin
      }
    }
    lowerBin = first
    upperBin = last + 1
    fullBin = side == .low ? 0 : full
  }

  /// The band's gain at `bin` (0…1).
  func gain(at bin: Int) -> Float { gains.pointer[bin] }

  /// Multiplies an interleaved re/im spectrum by the band's gains (bins outside become zero).
  func apply(to spectrum: UnsafeMutablePointer<Float>, bins: Int) {
    if lowerBin > 0 { spectrum.update(repeating: 0, count: 2 * lowerBin) }
    for bin in lowerBin..<upperBin {
      let gain = gains.pointer[bin]
      spectrum[2 * bin] *= gain
      spectrum[2 * bin + 1] *= gain
    }
    if upperBin < bins {
      (spectrum + 2 * upperBin).update(repeating: 0, count: 2 * (bins - upperBin))
    }
  }
}
