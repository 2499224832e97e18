import Foundation

/// The band limit under a pitch shift: the vocoder renders nothing the resampler after it would
/// have to fold down (pitch up) or image across (pitch down), so the resampler's filters may be
/// short. See `StretchTuning.pitchBandEndFraction` and `ResamplingFilters`.
extension PhaseVocoder {
  /// Limits the rendered band for frames analyzed from now on, for a pitch ratio `ratio`
  /// (output frequency / input frequency; 1 lifts the limit).
  func limitBand(pitchRatio ratio: Double) {
    guard ratio != 1 else {
      pitchLimitFullBin = bins
      pitchLimitEndBin = bins
      return
    }
    let limit = Double(size / 2) * min(1, 1 / ratio)
    pitchLimitFullBin = min(bins, Int((limit * StretchTuning.pitchBandFullFraction).rounded(.down)))
    pitchLimitEndBin = min(bins, Int((limit * StretchTuning.pitchBandEndFraction).rounded(.up)))
  }

  /// Fades an interleaved re/im spectrum out over the limit's raised-cosine edge.
  func applyBandLimit(to spectrum: UnsafeMutablePointer<Float>) {
    guard pitchLimitEndBin < bins else { return }
    let width = Float(pitchLimitEndBin - pitchLimitFullBin)
    for bin in pitchLimitFullBin..<pitchLimitEndBin {
      let gain = 0.5 + 0.5 * cos(Float.pi * Float(bin - pitchLimitFullBin) / width)
      spectrum[2 * bin] *= gain
      spectrum[2 * bin + 1] *= gain
    }
    (spectrum + 2 * pitchLimitEndBin).update(repeating: 0, count: 2 * (bins - pitchLimitEndBin))
  }
}
