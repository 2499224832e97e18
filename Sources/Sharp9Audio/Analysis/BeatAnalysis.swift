import Sharp9Domain

/// From an onset envelope to a ``BeatGrid``: the decisions, in order.
///
/// 1. No beat when the envelope has fewer than ``BeatTuning/minimumBeats`` onsets above
///    ``BeatTuning/onsetFloor`` (silence, a held tone) or no tempo repeats clearly enough
///    (``BeatTuning/minimumPeriodicity``: noise).
/// 2. The tempo estimate (``TempoEstimator``), tracked by dynamic programming
///    (``BeatDynamicProgram``), then the octave check (``MetricalLevel``), tracked again if it
///    moves.
/// 3. The tempo is 60 over the median beat interval, each measured across a bar (a quarter of
///    the time from beat i to beat i + 4, so the 10 ms frame grid averages out); the downbeats
///    are every ``BeatTuning/beatsPerBar``th beat from the bar phase whose beats start the most
///    low-band energy.
enum BeatAnalysis {
  /// The grid of `envelope`.
  static func grid(of envelope: OnsetEnvelope) throws -> BeatGrid {
    let strength = envelope.strength
    guard onsetCount(strength) >= BeatTuning.minimumBeats else { return .none }
    let estimator = TempoEstimator(framePeriod: envelope.framePeriod)
    guard let estimate = try estimator.estimate(strength),
      estimate.periodicity >= BeatTuning.minimumPeriodicity
    else { return .none }
    let program = BeatDynamicProgram(strength: strength)
    let range = BeatTuning.tempoRange
    let period = estimate.period
    var beats = program.track(period: period)
    if estimator.lag(bpm: range.upperBound) <= period / 2,
      MetricalLevel.offBeatRatio(beats, strength: strength) >= BeatTuning.fasterLevelRatio
    {
      beats = program.track(period: period / 2)
    } else if 2 * period <= estimator.lag(bpm: range.lowerBound) {
      let slower = program.track(period: 2 * period)
      if MetricalLevel.offBeatRatio(slower, strength: strength) < BeatTuning.slowerLevelRatio {
        beats = slower
      }
    }
    guard beats.count >= BeatTuning.minimumBeats else { return .none }
    let times = beats.map { $0 * envelope.framePeriod }
    let bar = downbeatPhase(beats, low: envelope.low)
    return BeatGrid(
      tempo: 60 / medianInterval(times), beats: times,
      downbeats: stride(from: bar, to: times.count, by: BeatTuning.beatsPerBar).map { times[$0] })
  }

  /// Local maxima of `strength` at least ``BeatTuning/onsetFloor`` high.
  static func onsetCount(_ strength: [Float]) -> Int {
    guard strength.count > 2 else { return 0 }
    return (1..<(strength.count - 1)).filter {
      strength[$0] >= BeatTuning.onsetFloor && strength[$0] > strength[$0 - 1]
        && strength[$0] >= strength[$0 + 1]
    }.count
  }

  /// The bar phase (0..<beats per bar) whose beats carry the most low-band onset strength; the
  /// earliest on a tie.
  static func downbeatPhase(_ beats: [Double], low: [Float]) -> Int {
    var best = (phase: 0, strength: -Double.infinity)
    for phase in 0..<min(BeatTuning.beatsPerBar, beats.count) {
      let positions = stride(from: phase, to: beats.count, by: BeatTuning.beatsPerBar).map {
        beats[$0]
      }
      let strength = MetricalLevel.meanStrength(at: positions, in: low)
      if strength > best.strength { best = (phase, strength) }
    }
    return best.phase
  }

  /// The median beat interval of `times` (at least two): over spans of
  /// ``BeatTuning/beatsPerBar`` intervals when there are that many, else between consecutive
  /// beats.
  static func medianInterval(_ times: [Double]) -> Double {
    let span = min(BeatTuning.beatsPerBar, times.count - 1)
    let intervals = zip(times, times.dropFirst(span)).map { ($1 - $0) / Double(span) }.sorted()
    let middle = intervals.count / 2
    return intervals.count % 2 == 1
      ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
  }
}
