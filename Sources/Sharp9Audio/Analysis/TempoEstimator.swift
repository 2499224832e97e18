import Foundation

/// The most likely beat period of an onset envelope: where the envelope best repeats itself,
/// weighed by how often people tap at that tempo.
///
/// 1. The envelope is smoothed (``BeatTuning/autocorrelationSmoothing``) and cut into windows of
///    ``BeatTuning/autocorrelationWindow`` frames; each window's autocorrelation (by FFT, the
///    mean removed, unbiased, divided by its value at lag 0) is averaged over the windows.
/// 2. Before the average, each lag of a window takes the largest value within
///    ±``BeatTuning/driftTolerance`` of it: a tempo that drifts peaks at a slightly different lag
///    in each window, and still adds up as one.
/// 3. A lag's score is the mean of that over 1…``BeatTuning/combMultiples`` times the lag (beat,
///    half bar, bar), times a log-Gaussian prior around ``BeatTuning/preferredTempo``.
/// 4. The best lag in ``BeatTuning/tempoRange`` is refined to the autocorrelation's own peak
///    within the drift tolerance, to a fraction of a frame.
struct TempoEstimator {
  /// A period and how clearly the envelope repeats at it.
  struct Estimate: Equatable {
    /// Beat period in frames.
    var period: Double
    /// The period's autocorrelation score before the prior (1: exact repetition, about 0.1:
    /// noise).
    var periodicity: Double
  }

  let framePeriod: Double

  /// The estimate for `strength`, or `nil` when it is flat (silence, no windows to correlate).
  func estimate(_ strength: [Float]) throws -> Estimate? {
    guard let (correlation, tolerant) = try autocorrelation(of: strength) else { return nil }
    let lags = correlation.count
    let shortest = max(1, Int((lag(bpm: BeatTuning.tempoRange.upperBound)).rounded(.up)))
    let longest = min(lags - 1, Int(lag(bpm: BeatTuning.tempoRange.lowerBound).rounded(.down)))
    guard shortest <= longest else { return nil }
    var best: (lag: Int, score: Double, comb: Double)?
    for candidate in shortest...longest {
      let comb = Self.comb(tolerant, lag: candidate)
      let score = comb * prior(lag: Double(candidate))
      if score > (best?.score ?? -.infinity) { best = (candidate, score, comb) }
    }
    guard let best else { return nil }
    return Estimate(period: refine(best.lag, correlation), periodicity: best.comb)
  }

  /// Frames per beat at `bpm`.
  func lag(bpm: Double) -> Double { 60 / (bpm * framePeriod) }

  /// The log-Gaussian tempo prior at a period of `lag` frames.
  func prior(lag: Double) -> Double {
    let octaves = log2(60 / (lag * framePeriod) / BeatTuning.preferredTempo)
    return exp(-0.5 * pow(octaves / BeatTuning.preferredTempoOctaves, 2))
  }

  /// Mean of `values` at 1…``BeatTuning/combMultiples`` times `lag` (the multiples that fit).
  static func comb(_ values: [Double], lag: Int) -> Double {
    var sum = 0.0
    var count = 0
    for multiple in 1...BeatTuning.combMultiples where multiple * lag < values.count {
      sum += values[multiple * lag]
      count += 1
    }
    return count == 0 ? 0 : sum / Double(count)
  }

  /// The autocorrelation's own peak within the drift tolerance of `lag` (weighed by the prior),
  /// to a fraction of a frame by a parabola through its neighbours.
  private func refine(_ lag: Int, _ correlation: [Double]) -> Double {
    let lower = max(1, Int((Double(lag) * (1 - BeatTuning.driftTolerance)).rounded(.down)))
    let upper = min(
      correlation.count - 2, Int((Double(lag) * (1 + BeatTuning.driftTolerance)).rounded(.up)))
    guard lower <= upper else { return Double(lag) }
    var peak = lag
    var peakScore = -Double.infinity
    for candidate in lower...upper {
      let score = correlation[candidate] * prior(lag: Double(candidate))
      if score > peakScore { (peak, peakScore) = (candidate, score) }
    }
    let (left, center, right) = (correlation[peak - 1], correlation[peak], correlation[peak + 1])
    let curvature = left - 2 * center + right
    guard curvature < 0 else { return Double(peak) }
    return Double(peak) + min(0.5, max(-0.5, 0.5 * (left - right) / curvature))
  }

  /// The mean normalized autocorrelation of the smoothed envelope's windows, lags 0..<window,
  /// and the mean of the same with each lag widened by the drift tolerance; `nil` when no window
  /// varies.
  private func autocorrelation(of strength: [Float]) throws -> (
    plain: [Double], tolerant: [Double]
  )? {
    let smoothed = Self.smoothed(strength)
    let window = min(BeatTuning.autocorrelationWindow, smoothed.count)
    guard window >= 2 else { return nil }
    let fftSize = 2 * BeatTuning.autocorrelationWindow
    let fft = try RealFFT(size: fftSize)
    let time = try AlignedFloats(count: fftSize)
    let spectrum = try AlignedFloats(count: fftSize + 2)
    var sum = [Double](repeating: 0, count: window)
    var tolerantSum = [Double](repeating: 0, count: window)
    var normalized = [Double](repeating: 0, count: window)
    var windows = 0
    var start = 0
    while start + window <= smoothed.count {
      time.zero()
      let segment = smoothed[start..<(start + window)]
      let mean = segment.reduce(0, +) / Float(window)
      for (index, value) in segment.enumerated() { time.pointer[index] = value - mean }
      fft.forward(time.pointer, spectrum.pointer)
      for bin in 0...(fftSize / 2) {
        let real = spectrum.pointer[2 * bin]
        let imaginary = spectrum.pointer[2 * bin + 1]
        spectrum.pointer[2 * bin] = real * real + imaginary * imaginary
        spectrum.pointer[2 * bin + 1] = 0
      }
      fft.inverse(spectrum.pointer, time.pointer)
      let zero = Double(time.pointer[0])
      if zero > 1e-9 {
        for lag in 0..<window {
          // Unbiased: lag l has window − l products (at least a quarter window's worth).
          let products = Double(max(window - lag, window / 4))
          normalized[lag] = Double(time.pointer[lag]) * Double(window) / products / zero
          sum[lag] += normalized[lag]
        }
        for lag in 0..<window {
          tolerantSum[lag] += Self.widest(normalized, around: lag)
        }
        windows += 1
      }
      start += BeatTuning.autocorrelationStep
    }
    guard windows > 0 else { return nil }
    return (sum.map { $0 / Double(windows) }, tolerantSum.map { $0 / Double(windows) })
  }

  /// The largest of `values` within ±``BeatTuning/driftTolerance`` of index `lag`.
  static func widest(_ values: [Double], around lag: Int) -> Double {
    let lower = Int((Double(lag) * (1 - BeatTuning.driftTolerance)).rounded(.down))
    let upper = min(
      values.count - 1, Int((Double(lag) * (1 + BeatTuning.driftTolerance)).rounded(.up)))
    var widest = -Double.infinity
    for index in lower...upper { widest = max(widest, values[index]) }
    return widest
  }

  /// `strength` convolved with a unit-sum Gaussian of σ ``BeatTuning/autocorrelationSmoothing``
  /// frames (zeros beyond the ends).
  static func smoothed(_ strength: [Float]) -> [Float] {
    let sigma = BeatTuning.autocorrelationSmoothing
    let radius = Int((4 * sigma).rounded(.up))
    var kernel = (-radius...radius).map { Float(exp(-0.5 * pow(Double($0) / sigma, 2))) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    let count = strength.count
    return (0..<count).map { index in
      var value: Float = 0
      for offset in -radius...radius where index + offset >= 0 && index + offset < count {
        value += kernel[offset + radius] * strength[index + offset]
      }
      return value
    }
  }
}
