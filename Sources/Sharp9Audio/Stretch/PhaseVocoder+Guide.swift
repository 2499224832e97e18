/// Phase following between the two bands of `MultiResolutionVocoder`.
extension PhaseVocoder {
  /// Turns the partials this band shares with `guide` (the crossover's) toward the guide's
  /// phases, when the guide's latest frame has the same synthesis and analysis centres as this
  /// one; the correction grows with the guide's share of the partial (see
  /// `StretchTuning.crossoverFollowGain`).
  func follow(_ guide: PhaseVocoder, center: Double) {
    guard let band, guide.cursor.hasPrevious,
      cursor.frameIndex * hop == (guide.cursor.frameIndex - 1) * guide.hop,
      abs(center - guide.cursor.previousCenter) < 1e-6
    else { return }
    locker.follow(
      guide.locker, stride: guide.size / size, peaksIn: band.lowerBin..<band.fullBin,
      weight: { min(1, StretchTuning.crossoverFollowGain * (1 - band.gain(at: $0))) },
      spectra: spectrumPointers)
  }
}
