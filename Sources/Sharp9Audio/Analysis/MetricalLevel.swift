/// Which of two tempi an octave apart is the beat: the faster one when the onsets halfway
/// between the slower one's beats are about as strong as those on its beats.
///
/// Autocorrelation cannot tell 100 BPM from 200 BPM in a track of equal clicks at 200, or 60 from
/// 120 in one of clicks at 60 with nothing between; the beats can. Tracked at the slower tempo,
/// off-beats at least ``BeatTuning/fasterLevelRatio`` as strong as the beats mean every
/// half-beat is a beat; tracked at the estimate, off-beats under
/// ``BeatTuning/slowerLevelRatio`` when tracked at half the estimate mean the estimate's every
/// other beat barely sounds. In between (off-beat hi-hats, syncopation) the estimate stands.
enum MetricalLevel {
  /// Mean onset strength halfway between consecutive beats over the mean on the beats (the
  /// last beat, which has no halfway point after it, left out); 0 for fewer than
  /// ``BeatTuning/minimumBeats`` beats.
  static func offBeatRatio(_ beats: [Double], strength: [Float]) -> Double {
    guard beats.count >= BeatTuning.minimumBeats else { return 0 }
    let onBeats = meanStrength(at: beats.dropLast(), in: strength)
    let halfway = zip(beats, beats.dropFirst()).map { ($0 + $1) / 2 }
    let offBeats = meanStrength(at: halfway, in: strength)
    return onBeats > 0 ? offBeats / onBeats : 0
  }

  /// The mean over `positions` (frames) of the strongest value within
  /// ±``BeatTuning/strengthRadius`` frames of each.
  static func meanStrength(at positions: some Collection<Double>, in values: [Float]) -> Double {
    guard !positions.isEmpty, !values.isEmpty else { return 0 }
    let radius = BeatTuning.strengthRadius
    var sum = 0.0
    for position in positions {
      let center = min(values.count - 1, max(0, Int(position.rounded())))
      let lower = max(0, center - radius)
      let upper = min(values.count - 1, center + radius)
      sum += Double(values[lower...upper].max() ?? 0)
    }
    return sum / Double(positions.count)
  }
}
