import Foundation
import Sharp9Domain
import Testing

/// Drum-, click- and piano-like test tracks whose beats and downbeats are known: the recipes of
/// the benchmark's synthetic set (scripts/bench_beats/signals.py), shorter and at 22.05 kHz so a
/// debug build analyses each in a fraction of a second.
struct SyntheticTrack: CustomTestStringConvertible, Sendable {
  /// What plays on the beats.
  enum Pattern: String, Sendable {
    /// A click on every beat, higher and louder on the bar's first.
    case clicks
    /// Kick on 1 and 3, snare on 2 and 4, hi-hat on every 8th.
    case rock
    /// Kick on 1 and on the "and" of 2 and 4, snare on 2 and 4, hi-hat on every 8th: beat 3 has
    /// only a hi-hat and two kicks fall between beats.
    case syncopated
    /// A decaying harmonic chord on every beat (a bass note added on the bar's first) and a soft
    /// chord tone on every off-beat.
    case piano
  }

  static let sampleRate = 22050
  /// Time of the first beat: not zero, so the phase must be found.
  static let firstBeat = 0.37
  /// Period of the drifting tracks' tempo swing (s).
  static let driftPeriod = 17.0

  var bpm: Double
  var pattern: Pattern
  /// Relative tempo swing: tempo(t) = bpm × (1 + drift × sin(2πt / 17 s)).
  var drift = 0.0
  var seconds = 12.0

  var testDescription: String {
    "\(pattern.rawValue) \(Int(bpm)) BPM" + (drift == 0 ? "" : " ±\(Int(drift * 100)) %")
  }

  /// Beat times (s): the phase is the integral of tempo / 60, from `firstBeat` to 0.2 s before the
  /// end.
  var beats: [Double] {
    let step = 1e-4
    var phase = 0.0
    var time = Self.firstBeat
    var beats = [time]
    while time < seconds - 0.2 {
      phase += bpm * (1 + drift * sin(2 * Double.pi * time / Self.driftPeriod)) / 60 * step
      time += step
      if phase >= Double(beats.count) { beats.append(time) }
    }
    return beats.filter { $0 <= seconds - 0.2 }
  }

  /// Every fourth beat from the first.
  var downbeats: [Double] { stride(from: 0, to: beats.count, by: 4).map { beats[$0] } }

  /// The mono track, peak 0.5.
  func render() -> [Float] {
    let rate = Double(Self.sampleRate)
    var out = [Float](repeating: 0, count: Int(seconds * rate))
    var random = SplitMix64(seed: 23)
    let beats = self.beats
    func put(_ time: Double, _ sound: [Float]) {
      let start = Int((time * rate).rounded())
      for (index, value) in sound.enumerated() where start + index < out.count {
        out[start + index] += value
      }
    }
    func halfway(_ index: Int) -> Double {
      let next = index + 1 < beats.count ? beats[index + 1] : 2 * beats[index] - beats[index - 1]
      return (beats[index] + next) / 2
    }
    for (index, beat) in beats.enumerated() {
      let position = index % 4
      switch pattern {
      case .clicks:
        put(beat, Sound.click(accent: position == 0))
      case .rock:
        put(beat, position % 2 == 0 ? Sound.kick(accent: position == 0) : Sound.snare(&random))
        put(beat, Sound.hat(loud: true, &random))
        put(halfway(index), Sound.hat(loud: false, &random))
      case .syncopated:
        if position == 0 { put(beat, Sound.kick(accent: true)) }
        if position % 2 == 1 {
          put(beat, Sound.snare(&random))
          put(halfway(index), Sound.kick(accent: false))
        }
        put(beat, Sound.hat(loud: true, &random))
        put(halfway(index), Sound.hat(loud: false, &random))
      case .piano:
        let chord = Sound.chords[(index / 4) % 4]
        let notes = position == 0 ? chord + [chord[0] / 2] : chord
        put(beat, Sound.piano(notes, velocity: position == 0 ? 1 : 0.8))
        put(halfway(index), Sound.piano([chord[(position + 1) % 3]], velocity: 0.3))
      }
    }
    let peak = out.map(abs).max() ?? 1
    return out.map { $0 * 0.5 / max(peak, 1e-9) }
  }

  /// The sounds, as in the benchmark's signals.py.
  private enum Sound {
    static let rate = Double(SyntheticTrack.sampleRate)
    static let chords: [[Double]] = [
      [130.81, 164.81, 196.00], [110.00, 130.81, 164.81], [87.31, 110.00, 130.81],
      [98.00, 123.47, 146.83],
    ]

    static func decaying(_ seconds: Double, _ tau: Double, _ value: (Double) -> Double)
      -> [Float]
    {
      (0..<Int(seconds * rate)).map { index in
        let time = Double(index) / rate
        return Float(exp(-time / tau) * value(time))
      }
    }

    static func click(accent: Bool) -> [Float] {
      decaying(0.03, 0.006) {
        (accent ? 1 : 0.6) * sin(2 * Double.pi * (accent ? 2000 : 1500) * $0)
      }
    }

    static func kick(accent: Bool) -> [Float] {
      var phase = 0.0
      return decaying(0.35, 0.12) { time in
        phase += 2 * Double.pi * (50 + 110 * exp(-time / 0.03)) / rate
        return (accent ? 1 : 0.8) * sin(phase)
      }
    }

    static func snare(_ random: inout SplitMix64) -> [Float] {
      (0..<Int(0.25 * rate)).map { index in
        let time = Double(index) / rate
        let noise = Double.random(in: -0.87...0.87, using: &random) * exp(-time / 0.06)
        let tone = 0.5 * exp(-time / 0.04) * sin(2 * Double.pi * 190 * time)
        return Float(0.7 * (noise + tone))
      }
    }

    static func hat(loud: Bool, _ random: inout SplitMix64) -> [Float] {
      var previous = 0.0
      return (0..<Int(0.06 * rate)).map { index in
        let noise = Double.random(in: -1.7...1.7, using: &random)
        defer { previous = noise }
        return Float((loud ? 0.25 : 0.15) * exp(-Double(index) / rate / 0.012) * (noise - previous))
      }
    }

    static func piano(_ notes: [Double], velocity: Double) -> [Float] {
      (0..<Int(1.2 * rate)).map { index in
        let time = Double(index) / rate
        var sum = 0.0
        for frequency in notes {
          for partial in 1...8 where Double(partial) * frequency < rate / 2 {
            sum +=
              sin(2 * Double.pi * Double(partial) * frequency * time) / Double(partial)
              * exp(-time * (1.5 + 0.6 * Double(partial)))
          }
        }
        return Float(velocity * 0.25 * min(1, time / 0.004) * sum)
      }
    }
  }
}

/// The beat-tracking F-measure (MIREX): an estimated beat is a hit when it lies within
/// `tolerance` of a reference beat not yet matched; F = 2PR / (P + R).
func beatFMeasure(_ estimated: [Double], _ reference: [Double], tolerance: Double = 0.07)
  -> Double
{
  guard !estimated.isEmpty, !reference.isEmpty else { return 0 }
  var used = Set<Int>()
  var hits = 0
  for beat in reference {
    let match = estimated.indices
      .filter { !used.contains($0) && abs(estimated[$0] - beat) <= tolerance }
      .min { abs(estimated[$0] - beat) < abs(estimated[$1] - beat) }
    if let match {
      used.insert(match)
      hits += 1
    }
  }
  let precision = Double(hits) / Double(estimated.count)
  let recall = Double(hits) / Double(reference.count)
  return hits == 0 ? 0 : 2 * precision * recall / (precision + recall)
}
