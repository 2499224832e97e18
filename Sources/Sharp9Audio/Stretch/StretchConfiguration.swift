import CSamplerate

/// How hard the stretcher works: the resampling converter of the pitch stage and the overlap of
/// the phase vocoder.
public enum StretchQuality: String, CaseIterable, Sendable {
  /// `SRC_LINEAR`, 4× overlap: previews (linear interpolation aliases on bright material).
  case fast
  /// `SRC_SINC_FASTEST` (97 dB SNR, flat to 80 % of Nyquist, 17.6 kHz at 44.1 kHz), 4× overlap:
  /// the default for listening and rendering; `SRC_SINC_MEDIUM_QUALITY` measured twice the CPU
  /// time of the whole pitch-shift for a top octave few instruments or ears reach.
  case standard
  /// `SRC_SINC_BEST_QUALITY`, 8× overlap: transcription of dense material and masters.
  case best

  /// The libsamplerate converter the pitch stage uses.
  var converter: Int32 {
    switch self {
    case .fast: Int32(SRC_LINEAR)
    case .standard: Int32(SRC_SINC_FASTEST)
    case .best: Int32(SRC_SINC_BEST_QUALITY)
    }
  }

  /// Analysis windows per synthesis hop (window length / synthesis hop).
  var overlap: Int {
    switch self {
    case .fast, .standard: 4
    case .best: 8
    }
  }
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

  /// Creates a configuration.
  /// - Parameters:
  ///   - sampleRate: Hz, 8 000…384 000.
  ///   - channels: 1…8, interleaved.
  ///   - quality: defaults to `.standard`.
  ///   - maximumBlockFrames: the largest block a call will use, 1…1 048 576 (default 8192).
  ///   - maximumHopSec: the longest hop allowed (default: the quality's overlap decides).
  public init(
    sampleRate: Double, channels: Int, quality: StretchQuality = .standard,
    maximumBlockFrames: Int = 8192, maximumHopSec: Double? = nil
  ) {
    self.maximumHopSec = maximumHopSec
    self.sampleRate = sampleRate
    self.channels = channels
    self.quality = quality
    self.maximumBlockFrames = maximumBlockFrames
  }

  /// The analysis/synthesis window length: 4096 at 44.1/48 kHz (≈ 90 ms resolves partials a
  /// semitone apart down to about 80 Hz), scaled with the rate so it stays about 90 ms long.
  var fftSize: Int {
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

  /// Beyond 32 windows per hop the vocoder's cost grows with no audible gain.
  private static let maximumOverlap = 32
}
