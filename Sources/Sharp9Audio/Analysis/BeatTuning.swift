/// Named tuning constants of the beat tracker, each with the reason for its value.
///
/// Chosen on the synthetic set and the two Debian recordings of `scripts/bench-beats.sh`
/// (docs/benchmarks/beats.md); "the set" below is that synthetic set: clicks, rock, syncopated and
/// piano-like patterns at 60–200 BPM, constant and drifting ±3 %.
enum BeatTuning {
  /// The mono mixdown is decimated by the largest whole factor that keeps at least this rate
  /// (44.1 kHz → 22.05 kHz, 48 kHz → 16 kHz): onsets show in the spectrum below 8 kHz, and half
  /// the samples halve the FFT work.
  static let minimumAnalysisRate = 16_000
  /// Time between two spectra: 10 ms, well inside the ±70 ms a beat may be off and fine enough
  /// that a 200 BPM beat (300 ms) spans 30 of them.
  static let hopSec = 0.01
  /// Spectra are windowed over the smallest power of two at least this long (1024 samples at
  /// 22.05 kHz, 46 ms): long enough to separate a kick's 50 Hz from a bass line, short enough to
  /// keep 8th notes at 200 BPM (150 ms) apart.
  static let windowSec = 0.04

  /// Mel bands the spectral flux is summed over: the usual 40, from 30 Hz to 11 kHz (or the
  /// analysis rate's Nyquist frequency when lower).
  static let bandCount = 40
  /// Lowest band edge: below, only rumble.
  static let lowestBandHz = 30.0
  /// Highest band edge: cymbals and hi-hats are still well represented below it.
  static let highestBandHz = 11_000.0
  /// Band magnitudes are compressed as log(1 + 1000 × magnitude) (full-scale sine = 1): a soft
  /// note still makes a step, yet a loud chord makes a bigger one than a soft passing note (with
  /// decibels instead, every new note counted alike and the piano-like tracks, whose off-beat
  /// notes are soft, were read at twice their tempo).
  static let compression: Float = 1000
  /// Downbeats are where the bands below this carry the most new energy (kick, bass): measured
  /// on linear magnitudes, because compressed, a snare's noise rose as much as a kick there and
  /// the syncopated tracks' bars were placed on beat 2.
  static let downbeatBandHz = 150.0
  /// Beats per bar: 4/4 is assumed.
  static let beatsPerBar = 4

  /// Tempi the beat may have. 220 BPM leaves room for 200 BPM drifting up, and refuses 240 BPM
  /// for a 120 BPM piano-like track whose off-beat notes are almost as strong as its beats.
  static let tempoRange = 40.0...220.0
  /// Center of the tempo prior: where listeners most often tap.
  static let preferredTempo = 120.0
  /// Width of the log-Gaussian tempo prior in octaves. 0.7 rather than librosa's 1.0: with 1.0,
  /// a syncopated track drifting ±3 % around 96 BPM was read at 192.
  static let preferredTempoOctaves = 0.7

  /// Autocorrelation window in envelope frames (5.12 s): a few bars, so tempo drift within one
  /// window stays small.
  static let autocorrelationWindow = 512
  /// Windows start every this many frames (1.28 s).
  static let autocorrelationStep = 128
  /// The envelope is smoothed with a Gaussian of this many frames (σ) before the
  /// autocorrelation: onsets a frame or two early or late (drift, humanized playing) still line
  /// up.
  static let autocorrelationSmoothing = 2.0
  /// Each lag's autocorrelation is the largest within ±3 % of it: the drift the tracker allows.
  static let driftTolerance = 0.03
  /// A tempo's score sums its autocorrelation at 1…4 beats: a beat that also makes half bars and
  /// bars beats a rival that only repeats itself (the 3:2 case of xmoto's foxrun, a 3-3-2 groove
  /// at 125 BPM that the raw autocorrelation reads at 83).
  static let combMultiples = 4

  /// Dynamic programming: how much an inter-beat interval off the tempo costs, per squared log
  /// ratio (Ellis 2007; librosa's default). A beat 3 % off costs 0.09, well below one onset.
  static let tightness = 100.0
  /// A first or last beat whose interval differs from its neighbours' median by more than this
  /// is dropped: the path's end bent 21 % towards a final off-beat hi-hat on a drifting
  /// syncopated track, while drift of ±3 % moves an interval by 3 %.
  static let endIntervalTolerance = 0.15
  /// Onset strength at a time is the largest within ±2 frames (±20 ms) of it.
  static let strengthRadius = 2
  /// The tempo is doubled when the onsets halfway between beats are at least this strong
  /// relative to those on the beats (equal clicks at 200 BPM: 0.88; rock's off-beat hi-hats
  /// 0.33–0.49, syncopated 0.56–0.68).
  static let fasterLevelRatio = 0.75
  /// The tempo is halved when, tracked at half the tempo, the onsets halfway are weaker than this
  /// (an off-beat that barely sounds).
  static let slowerLevelRatio = 0.3

  /// An onset frame is a local maximum of the envelope at least this strong: a soft note at
  /// −60 dBFS makes 0.1, a held tone's numerical noise 10⁻⁵.
  static let onsetFloor: Float = 0.02
  /// Fewer onsets or beats than this: no beat.
  static let minimumBeats = 4
  /// The best tempo's autocorrelation score below this: no beat (white noise 0.09, music
  /// 0.58–0.84, the set ≥ 0.4).
  static let minimumPeriodicity = 0.2
}
