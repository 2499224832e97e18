import Sharp9Domain

/// Named tuning constants of the stretch engine, each with the reason for its value.
enum StretchTuning {
  /// Slowest supported speed: the practice range (`PracticeRules`, stated once).
  static let minimumSpeed = PracticeRules.speedRange.lowerBound
  /// Fastest supported speed: the practice range.
  static let maximumSpeed = PracticeRules.speedRange.upperBound
  /// Transposition range in semitones, either way: the practice range.
  static let maximumPitchSemitones = PracticeRules.pitchRange.upperBound

  /// Peaks more than 90 dB below the loudest bin are noise floor, not partials worth tracking.
  static let peakFloorPower: Float = 1e-9
  /// A bin is a peak when it is louder than this many neighbours on each side (1 or 2). One:
  /// two partials a bin or two apart (a chord's close partials, a partial beside noise) then
  /// each get their own region and phase advance; with two the weaker was turned with the
  /// stronger one's phase, and the music round trip at 1.5×/−3 st lost 0.36 dB (3.32 against
  /// 2.96; docs/design/stretcher-tuning.md).
  static let peakNeighbours = 1
  /// Whether a stream whose ratio is known before it starts (`StretchConfiguration`'s
  /// `plannedCompression`: an offline stretch) fits its windows to that ratio. Compressing,
  /// the frames that overlap at one output instant were analyzed the compression times further
  /// apart on the input, so a full-length window smears each instant over that much more input:
  /// the windows shorten by the compression, but not below 11/16 of the full length. Stretching,
  /// they are 7/8 long: 3328–3840 beat 4096 at every setting and material, 6144 and 8192 lost
  /// everywhere. Round trips, speech / music / bright: at 1.5×/−3 st (1.78×: 2816) 4.34 / 2.96 /
  /// 2.88 dB with full windows, 3.56 / 2.73 / 2.44 shortened when compressing, 3.37 / 2.82 /
  /// 2.35 with 7/8 when stretching too; at 0.5× 2.50 / 2.02 / 1.78, 2.30 / 2.23 / 1.60, 2.09 /
  /// 2.07 / 1.50 (docs/design/stretcher-tuning.md). A player keeps the full windows: its ratio changes
  /// while it plays.
  static let plannedRatioFitsWindows = true
  /// Whether such a stream, when it compresses, also doubles the high band's overlap (8 windows
  /// per hop at the standard quality): its analysis frames lie the compression times further
  /// apart than its synthesis frames, 2.2 times the short window's hop at 1.5×/−3 st, and
  /// consonants and cymbals change faster than that. With the fitted windows the round trip of
  /// speech, music and bright fell from 3.37 / 2.82 / 2.35 to 3.15 / 2.79 / 2.31 dB at 1.5×/−3 st
  /// (R3 3.90 / 2.94 / 2.41) and from 2.32 / 2.18 / 1.61 to 2.17 / 2.17 / 1.59 at −5 st. Doubling
  /// both bands' overlap instead took more CPU (3.99× R2's speed at 1.5×/−3 st against 4.46×)
  /// and, with windows shortened only when compressing, lost music at 0.5× (2.32 against R3's
  /// 2.31); the low band's alone left bright at 1.5×/−3 st at 2.50 (docs/design/stretcher-tuning.md).
  static let compressionDoublesHighBandOverlap = true
  /// A frame whose windowed energy per sample is below this (≈ −140 dBFS) is treated as silence
  /// and skips both FFTs.
  static let silenceEnergyPerSample: Float = 1e-14

  /// Slowest catch-up hop after a transient, as a fraction of the nominal analysis hop: slower
  /// would audibly freeze the material.
  static let minimumHopFactor = 0.5
  /// Fastest catch-up hop, as a fraction of the nominal analysis hop: faster would skip material.
  static let maximumHopFactor = 1.5

  /// Crossfade from the old stream into the redone frames after a speed or pitch change. Their
  /// phases can differ by half a cycle (a glide analyzed elsewhere); over 6 ms the phase turns
  /// slowly enough not to chirp (3 ms doubled a 400 Hz tone's slope for a moment), and the new
  /// stream still dominates well within the 12 ms a change may take.
  static let parameterCrossfadeSec = 0.006

  /// Crossover between the long-window (low) and short-window (high) vocoders: speech's first
  /// formant, voices' and most instruments' fundamentals and the bass lie below and need the long
  /// window's resolution; above, consonants and attacks need the short window's timing.
  static let crossoverHz = 1000.0
  /// Width of the raised-cosine crossover: at ratio 1 the two bands sum back to the input within
  /// −75 dB (narrower masks ring longer than the windows' overlap can reconstruct: −58 dB at
  /// 100 Hz); the high band following the low band's phases keeps partials inside it steady.
  static let crossoverWidthHz = 400.0
  /// How fast the high band's phase in the crossover follows the low band's: the correction is
  /// this many times the low band's gain there (capped at all of it). Proportional, so a partial
  /// gliding out of the crossover is not snapped between two phases (a full snap wherever the low
  /// band takes part made a vibrato at its edge wobble by 8 %).
  static let crossoverFollowGain: Float = 2

  /// Onset detector block: 256 samples (≈ 6 ms) locates an attack well within one hop.
  static let onsetBlock = 256
  /// Blocks of history the detector compares against (≈ 46 ms, shorter than a sixteenth note).
  static let onsetHistoryBlocks = 8
  /// An attack has this much more high-frequency energy than the recent average (≈ 9 dB).
  static let onsetRatio: Float = 30
  /// High-frequency energy per sample below this (≈ −70 dBFS) never counts as an attack.
  static let onsetFloorPerSample: Float = 1e-7
  /// Synthesis hops before an onset enters the window during which the schedule steers toward
  /// the unstretched frames that put the attack at its exact time (4 hops ≈ 93 ms).
  static let onsetPreparationHops = 4
  /// Blocks after an onset during which no new onset is reported (≈ 35 ms): one attack, one reset.
  static let onsetRefractoryBlocks = 6

  /// Under a pitch shift the high band renders nothing above this fraction of the lower of the
  /// two Nyquist frequencies (of the intermediate stream and of the output), fading out from
  /// `pitchBandFullFraction`: the resampler then never sees content it would have to fold or
  /// image, so its filter may be short (see `ResamplingFilters`). 95 % must stay within 1 dB.
  static let pitchBandEndFraction = 0.965
  /// Up to this fraction of the band limit the high band keeps its full level under a pitch shift.
  static let pitchBandFullFraction = 0.955
}
