/// The pitch stage's two low-pass prototypes at one quality level, and the phases of the banks
/// made from them.
///
/// The high band stops at 96.5 % of the lower Nyquist frequency under a pitch shift
/// (`StretchTuning.pitchBandEndFraction`), so the resampler never has to fold content down or
/// image it across: its filters must only be flat to 95 % and reject the images of the
/// intermediate stream's sampling. Those images start at `2 · step − 0.965` of the output's
/// Nyquist frequency, far above it when pitching up by a semitone or more: there a wide
/// transition does (`decimating`, a third of the taps); below, `imaging` must stop by 103.5 %.
struct ResamplingFilters: Sendable {
  /// Flat to 95 %, stopband from 103.5 % of the lower Nyquist frequency: pitch down, or up by
  /// less than `decimatingFromStep`.
  let imaging: KaiserSincFilter
  /// Flat to 95 %, stopband from 115 % of the output's Nyquist frequency: pitch up by a
  /// semitone or more, where the first image lies at 2 · 1.0595 − 0.965 ≥ 1.15 of it.
  let decimating: KaiserSincFilter
  /// Phases per bank: interpolating between neighbours errs by `(π / phases)² / 8` at Nyquist.
  let phases: Int

  /// The smallest step (input frames per output frame) `decimating` serves.
  static let decimatingFromStep = 1.0575

  /// Designs both prototypes with `attenuationDB` in the stopband.
  init(attenuationDB: Double, phases: Int) {
    imaging = KaiserSincFilter(
      passbandEdge: 0.95, stopbandEdge: 1.035, attenuationDB: attenuationDB)
    decimating = KaiserSincFilter(
      passbandEdge: 0.95, stopbandEdge: 1.15, attenuationDB: attenuationDB)
    self.phases = phases
  }

  /// The prototype for `step` input frames per output frame.
  func filter(forStep step: Double) -> KaiserSincFilter {
    step >= Self.decimatingFromStep ? decimating : imaging
  }
}
