import Foundation

/// The test signal `sharp9 devices --calibrate` plays, and how its echo is found in what the
/// input recorded: the device pair's round trip (output → input), in frames.
///
/// The signal is ``bursts`` bursts of white noise, each a different fixed sequence (so one
/// burst's echo is never taken for another's), ``spacingFrames`` apart after a quarter second
/// of silence. Each burst's echo is found by cross-correlating the burst with the recording
/// from the frame it was played up to ``maxLatencyFrames`` later (by FFT); its lag is the
/// round trip. Noise, unlike a click, correlates sharply even through a speaker and a
/// microphone, and the same seeds give the same signal on every run.
public struct LoopbackLatency: Sendable {
  /// What a measurement found.
  public struct Measurement: Sendable, Equatable {
    /// The round trip, in frames: the median of the bursts' lags.
    public var latencyFrames: Int64
    /// The largest difference between the bursts' lags, in frames.
    public var spreadFrames: Int64
    /// How many bursts were heard (their echo correlated with them at least
    /// ``LoopbackLatency/minimumCorrelation``).
    public var burstsHeard: Int
  }

  /// Why no latency could be measured.
  public enum Failure: Error, Equatable {
    /// Fewer than ``LoopbackLatency/minimumBursts`` bursts were heard: the input does not hear
    /// the output (the best correlation found, 0 to 1).
    case noEcho(bestCorrelation: Double)
  }

  /// Frames per burst.
  public static let burstFrames = 4096
  /// Bursts played.
  public static let bursts = 5
  /// Bursts that must be heard for a measurement.
  public static let minimumBursts = 3
  /// How closely an echo must match its burst (the normalized correlation, 0 to 1): a digital
  /// loopback gives 1, a speaker and a microphone in a quiet room a good deal less.
  public static let minimumCorrelation = 0.3
  /// Peak level of the noise (−12 dBFS: clearly heard, nowhere near clipping).
  public static let level: Float = 0.25

  /// Frames per second.
  public let sampleRate: Int

  /// A signal at `sampleRate`.
  public init(sampleRate: Int) {
    precondition(sampleRate > 0, "a sample rate is positive")
    self.sampleRate = sampleRate
  }

  /// The longest round trip looked for: one second.
  public var maxLatencyFrames: Int { sampleRate }
  /// Silence before the first burst.
  public var leadFrames: Int { sampleRate / 4 }
  /// From one burst's start to the next.
  public var spacingFrames: Int { sampleRate * 2 / 5 }
  /// The frame burst `index` starts at.
  public func burstStart(_ index: Int) -> Int { leadFrames + index * spacingFrames }
  /// The signal's length: the last burst's echo fits in it however long the round trip.
  public var signalFrames: Int {
    burstStart(Self.bursts - 1) + Self.burstFrames + maxLatencyFrames
  }

  /// Burst `index`'s samples (a 32-bit xorshift sequence seeded by the index).
  public static func burst(_ index: Int) -> [Float] {
    var state = UInt32(0x9E37_79B9) ^ UInt32(truncatingIfNeeded: index &* 0x85EB_CA6B &+ 1)
    return (0..<burstFrames).map { _ in
      state ^= state << 13
      state ^= state >> 17
      state ^= state << 5
      return (Float(state) / Float(UInt32.max) * 2 - 1) * level
    }
  }

  /// The whole signal, mono.
  public func signal() -> [Float] {
    var samples = [Float](repeating: 0, count: signalFrames)
    for index in 0..<Self.bursts {
      let start = burstStart(index)
      samples.replaceSubrange(start..<(start + Self.burstFrames), with: Self.burst(index))
    }
    return samples
  }

  /// The round trip found in `recorded` (mono, frame n recorded while frame n of ``signal()``
  /// was handed to the output).
  /// - Throws: ``Failure/noEcho(bestCorrelation:)`` when too few bursts were heard.
  public func measure(_ recorded: [Float]) throws -> Measurement {
    let window = Self.burstFrames + maxLatencyFrames
    var size = 1
    while size < window { size <<= 1 }
    let fft = try RealFFT(size: size)
    let burstTime = try AlignedFloats(count: size)
    let recordedTime = try AlignedFloats(count: size)
    let burstSpectrum = try AlignedFloats(count: size + 2)
    let recordedSpectrum = try AlignedFloats(count: size + 2)
    var lags: [Int64] = []
    var best = 0.0
    for index in 0..<Self.bursts {
      let burst = Self.burst(index)
      let start = burstStart(index)
      burstTime.zero()
      recordedTime.zero()
      for (offset, sample) in burst.enumerated() { burstTime.pointer[offset] = sample }
      let available = max(0, min(window, recorded.count - start))
      for offset in 0..<available { recordedTime.pointer[offset] = recorded[start + offset] }
      fft.forward(burstTime.pointer, burstSpectrum.pointer)
      fft.forward(recordedTime.pointer, recordedSpectrum.pointer)
      // conj(burst) × recorded: the inverse is the correlation at every lag.
      for bin in 0...(size / 2) {
        let (a, b) = (burstSpectrum.pointer[2 * bin], burstSpectrum.pointer[2 * bin + 1])
        let (c, d) = (recordedSpectrum.pointer[2 * bin], recordedSpectrum.pointer[2 * bin + 1])
        recordedSpectrum.pointer[2 * bin] = a * c + b * d
        recordedSpectrum.pointer[2 * bin + 1] = a * d - b * c
      }
      fft.inverse(recordedSpectrum.pointer, recordedTime.pointer)
      var lag = 0
      var peak: Float = 0
      for candidate in 0...maxLatencyFrames where abs(recordedTime.pointer[candidate]) > peak {
        peak = abs(recordedTime.pointer[candidate])
        lag = candidate
      }
      let correlation = normalized(
        peak: Double(peak) / Double(size), burst: burst, recorded: recorded, at: start + lag)
      best = max(best, correlation)
      if correlation >= Self.minimumCorrelation { lags.append(Int64(lag)) }
    }
    guard lags.count >= Self.minimumBursts else { throw Failure.noEcho(bestCorrelation: best) }
    lags.sort()
    return Measurement(
      latencyFrames: lags[lags.count / 2], spreadFrames: lags[lags.count - 1] - lags[0],
      burstsHeard: lags.count)
  }

  /// The correlation `peak` divided by the energies of the burst and of the recording it was
  /// found at: 1 for an exact (or scaled) copy.
  private func normalized(peak: Double, burst: [Float], recorded: [Float], at start: Int)
    -> Double
  {
    let burstEnergy = burst.reduce(0.0) { $0 + Double($1) * Double($1) }
    let end = min(recorded.count, start + burst.count)
    guard start < end else { return 0 }
    let echoEnergy = recorded[start..<end].reduce(0.0) { $0 + Double($1) * Double($1) }
    guard burstEnergy > 0, echoEnergy > 0 else { return 0 }
    return peak / (burstEnergy * echoEnergy).squareRoot()
  }
}
