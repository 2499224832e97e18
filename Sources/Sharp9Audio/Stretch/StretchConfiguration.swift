import Foundation

/// How hard the stretcher works: the pitch stage's resampling filters and the phase vocoder's
/// overlap. Every level keeps the full band through a pitch shift: flat to 95 % of the lower of
/// the input's and the output's Nyquist frequencies (20.9 kHz at 44.1 kHz).
public enum StretchQuality: String, CaseIterable, Sendable {
  /// Stopbands at −70 dB, 4× overlap: previews.
  case fast
  /// Stopbands at −100 dB, 4× overlap: the default for listening and rendering; a sweep pitched
  /// up leaves no alias image above −90 dB.
  case standard
  /// Stopbands at −120 dB, 8× overlap: transcription of dense material and masters.
  case best

  /// The pitch stage's filters (one pair per level, designed on first use).
  var resamplingFilters: ResamplingFilters {
    switch self {
    case .fast: Self.fastFilters
    case .standard: Self.standardFilters
    case .best: Self.bestFilters
    }
  }

  /// Analysis windows per synthesis hop (window length / synthesis hop).
  var overlap: Int {
    switch self {
    case .fast, .standard: 4
    case .best: 8
    }
  }

  private static let fastFilters = ResamplingFilters(attenuationDB: 70, phases: 128)
  private static let standardFilters = ResamplingFilters(attenuationDB: 100, phases: 512)
  private static let bestFilters = ResamplingFilters(attenuationDB: 120, phases: 1024)
}

/// Everything a `TimeStretcher` allocates for, fixed at configuration time.
public struct StretchConfiguration: Sendable, Equatable {
  /// Sample rate of input and output in Hz (the stretcher never changes it).
  public var sampleRate: Double
  /// Interleaved channels per frame (1…8).
  public var channels: Int
  /// Converter and overlap, see `StretchQuality`.
  public var quality: StretchQuality
  /// The most frames one `process` or `flush` call may pass in or ask for; buffers are sized
  /// from it so processing never allocates.
  public var maximumBlockFrames: Int
  /// The longest synthesis hop allowed, in seconds, or nil for the quality's own overlap. A
  /// speed or pitch change is picked up at the next hop, so a player that must follow changes
  /// within a bound (the renderer: 12 ms) sets it, and the overlap doubles until the hop fits.
  public var maximumHopSec: Double?
  /// Input frames per vocoder frame (speed divided by the pitch ratio) the whole stream runs at,
  /// when that is known before it starts (an offline stretch at constant settings), or nil (a
  /// player whose settings change). The windows fit it (see `fftSize`), and above 1 the high
  /// band's overlap doubles (see `highBandHop`).
  public var plannedCompression: Double?

  /// Creates a configuration.
  /// - Parameters:
  ///   - sampleRate: Hz, 8 000…384 000.
  ///   - channels: 1…8, interleaved.
  ///   - quality: defaults to `.standard`.
  ///   - maximumBlockFrames: the largest block a call will use, 1…1 048 576 (default 8192).
  ///   - maximumHopSec: the longest hop allowed (default: the quality's overlap decides).
  ///   - plannedCompression: speed / pitch ratio of a stream at constant settings (default: not
  ///     known, full-length windows).
  public init(
    sampleRate: Double, channels: Int, quality: StretchQuality = .standard,
    maximumBlockFrames: Int = 8192, maximumHopSec: Double? = nil,
    plannedCompression: Double? = nil
  ) {
    self.maximumHopSec = maximumHopSec
    self.plannedCompression = plannedCompression
    self.sampleRate = sampleRate
    self.channels = channels
    self.quality = quality
    self.maximumBlockFrames = maximumBlockFrames
  }

  /// The `plannedCompression` of a stream at `speed` and `pitchSemitones` throughout: the speed
  /// divided by the pitch ratio.
  public static func plannedCompression(speed: Double, pitchSemitones: Double) -> Double {
    speed / pow(2, pitchSemitones / 12)
  }

  /// The analysis/synthesis window length: 4096 at 44.1/48 kHz (≈ 90 ms resolves partials a
  /// semitone apart down to about 80 Hz), scaled with the rate so it stays about 90 ms long;
  /// fitted to a planned ratio (see `StretchTuning.plannedRatioFitsWindows`).
  var fftSize: Int {
    let full = fullFFTSize
    guard StretchTuning.plannedRatioFitsWindows, let plannedCompression else { return full }
    // Divided by the compression, rounded up to eighths of the full length (2^k times 3, 5, 7
    // or 11: sizes FFTW transforms fast), from 11/16 to 7/8 of it: at 2× (a 0.5× round trip's
    // way back) 2560 lost music's frequency resolution (2.36 dB against 2.23 at 2816).
    let eighth = full / 8
    let fitted = Int((Double(full) / plannedCompression / Double(eighth)).rounded(.up)) * eighth
    return min(full / 8 * 7, max(full / 16 * 11, fitted))
  }

  private var fullFFTSize: Int {
    if sampleRate > 128_000 { return 16384 }
    if sampleRate > 64_000 { return 8192 }
    if sampleRate < 32_000 { return 2048 }
    return 4096
  }

  /// The synthesis hop: window length divided by the overlap, the overlap doubled (up to 32×)
  /// while the hop is longer than ``maximumHopSec``.
  var synthesisHop: Int {
    var overlap = quality.overlap
    if let maximumHopSec {
      let limit = maximumHopSec * sampleRate
      while overlap < Self.maximumOverlap, Double(fftSize / overlap) > limit { overlap *= 2 }
    }
    return fftSize / overlap
  }

  /// The high band's synthesis hop (its window is half as long): half of `synthesisHop`, the
  /// same overlap, or a quarter, twice the overlap, while compressing (see
  /// `StretchTuning.compressionDoublesHighBandOverlap`).
  var highBandHop: Int {
    let doubled = StretchTuning.compressionDoublesHighBandOverlap && isCompressing
    return synthesisHop / (doubled ? 4 : 2)
  }

  /// Whether the whole stream is known to compress (`plannedCompression` above 1).
  private var isCompressing: Bool { (plannedCompression ?? 1) > 1 }

  /// Beyond 32 windows per hop the vocoder's cost grows with no audible gain.
  private static let maximumOverlap = 32
}
