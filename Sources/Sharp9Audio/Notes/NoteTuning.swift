/// Named tuning constants of the sounding-notes estimator, each with the reason for its value.
public enum NoteTuning {
  /// 4096 frames at 44.1 kHz: the Hann main lobe is then ±21.5 Hz, so E2's partials (82 Hz
  /// apart) stand apart, and half of it, 46.4 ms, is the lookahead when centred on the playhead
  /// (the strip may lag at most 50 ms).
  public static let windowSeconds = 4096 / 44_100.0
  /// A note lights at 0.15 of the strongest note's salience. On the synthetic set (every frame,
  /// both timbres) precision / recall were 0.988 / 0.992 at 0.1, 0.992 / 0.985 at 0.15,
  /// 0.992 / 0.974 at 0.2 and 0.994 / 0.963 at 0.3: below, a chord's quiet voice (a doubled
  /// octave is heard only in what the lower note leaves) drops out; above it, leftovers of
  /// played notes and, on recordings, reverberation light keys.
  public static let relativeThreshold: Float = 0.15
  /// A 440 Hz sine lights from an amplitude of 0.0046 (−47 dBFS); white noise stays dark up to
  /// −45 dBFS RMS (at −35 dBFS it lights about one key per window, at −25 the cap).
  public static let absoluteFloor: Float = 0.003
  /// Four-note chords plus doubled voices; more is rarely what a transcriber reads off a strip.
  public static let maximumPolyphony = 6

  /// The FFT is at least this many times the window (zero padding): 2.7 Hz bins at 44.1 kHz,
  /// so parabolic interpolation places a partial within a few cents.
  static let zeroPadding = 4
  /// Partials above this are left out: they add little salience and are where a piano's
  /// inharmonicity and a recording's noise are largest.
  static let maximumFrequency = 8000.0
  /// Partials below this are left out: below A0 there is only rumble.
  static let minimumFrequency = 25.0
  /// Harmonics per candidate, up to ``maximumFrequency``: a bright low note (a plucked E2) has
  /// strong partials far above the 20th, and partials no note accounts for light notes of
  /// their own. Klapuri's weights make the high ones count little in the salience.
  static let maximumHarmonics = 100
  /// A spectral peak must be the loudest bin within this many window-resolution bins either way
  /// (10.8 Hz at 44.1 kHz). With three, C3 and D♯3's fundamentals (25 Hz apart) merged into one
  /// peak and the synthetic set's recall fell from 0.97 to 0.93; with two the Hann window's first
  /// sidelobe (2.5 bins out, −31 dB) can be a peak, too weak to matter.
  static let peakNeighbourhood = 2.0
  /// Peaks more than 60 dB below the loudest are noise, not partials.
  static let peakFloorRelative: Float = 0.001
  /// At most this many peaks per window (the loudest are kept when there are more).
  static let maximumPeaks = 256
  /// A partial is looked for within this many cents of where the previous partial predicts it:
  /// wide enough for a piano's stretched partials (their step grows by about 7 cents per
  /// harmonic at B = 0.0004), narrow enough that a neighbouring key (100 cents) is not matched.
  static let partialToleranceCents = 35.0
  /// …and within this fraction of the fundamental, so the windows of a low note's high,
  /// closely spaced harmonics do not overlap.
  static let partialToleranceFraction = 0.4
  /// The partial series may stretch up to this many cents above the nominal harmonics (a
  /// piano's 20th partial at B = 0.0004 is about 140 cents sharp).
  static let maximumStretchCents = 160.0
  /// Klapuri's harmonic weight (f0 + α) / (h f0 + β) for 93 ms frames (2006): high harmonics
  /// count less, and a subharmonic candidate gains less from a real note's partials than the
  /// note itself.
  static let weightAlpha = 52.0
  /// See ``weightAlpha``.
  static let weightBeta = 320.0
  /// A candidate's fundamental must be present with at least this fraction of its loudest
  /// matched partial: a chord's common subharmonic (C2 under C4–E4–G4) has partials everywhere
  /// but no fundamental. Real bass notes with a weak fundamental can be missed (documented).
  static let fundamentalFraction: Float = 0.05
}
