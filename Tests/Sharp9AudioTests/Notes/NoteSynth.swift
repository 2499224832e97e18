import Foundation
import Sharp9Domain

/// Synthetic instrument notes for the sounding-notes tests and benchmark: repeatable, with
/// the features that trouble a note estimator (harmonics, inharmonicity, decay, brightness).
enum NoteSynth {
  static let rate = 44_100.0

  /// The two timbres of the set.
  enum Timbre: String, CaseIterable, Sendable {
    case piano, guitar
  }

  /// Equal-tempered fundamental of a MIDI note (A4 = 440 Hz).
  static func frequency(_ midi: Int) -> Double { 440 * pow(2, Double(midi - 69) / 12) }

  /// The notes sounding together for `seconds`, each at amplitude about `level`.
  static func render(_ notes: [Int], _ timbre: Timbre, seconds: Double, level: Float = 0.25)
    -> [Float]
  {
    var mix = [Float](repeating: 0, count: Int(seconds * rate))
    for (voice, note) in notes.enumerated() {
      let single =
        switch timbre {
        case .piano: piano(note, count: mix.count)
        case .guitar: guitar(note, count: mix.count, seed: UInt64(note * 31 + voice))
        }
      for index in mix.indices { mix[index] += level * single[index] }
    }
    return mix
  }

  /// A piano-like note: stretched partials f_k = k f0 √(1 + B k²) (B growing up the keyboard,
  /// 0.00015 at E2 to 0.0008 at C6), amplitudes falling as k^−1.1 with a hammer-position ripple,
  /// higher partials decaying faster, a 4 ms attack. Peak amplitude about 1.
  static func piano(_ midi: Int, count: Int) -> [Float] {
    let f0 = frequency(midi)
    let inharmonicity = 0.00015 * pow(2, Double(midi - 40) / 18)
    var output = [Double](repeating: 0, count: count)
    var norm = 0.0
    var partial = 1
    while partial <= 30 {
      let k = Double(partial)
      let f = k * f0 * (1 + inharmonicity * k * k).squareRoot()
      guard f < 9_000 else { break }
      let amplitude = pow(k, -1.1) * (0.55 + 0.45 * abs(sin(Double.pi * k / 7.3)))
      norm += amplitude
      let decay = exp(-(1.2 + f / 900) / rate)
      // Rotating phasor: one complex multiply per sample instead of a sine.
      let step = 2 * Double.pi * f / rate
      let (cosStep, sinStep) = (cos(step), sin(step))
      var (re, im) = (amplitude, 0.0)
      for index in 0..<count {
        output[index] += im
        (re, im) = ((re * cosStep - im * sinStep) * decay, (re * sinStep + im * cosStep) * decay)
      }
      partial += 1
    }
    let attack = Int(0.004 * rate)
    return output.indices.map { index in
      Float(output[index] / norm * min(1, Double(index) / Double(attack)))
    }
  }

  /// A guitar-like note by Karplus–Strong: a delay line of one period holding a pluck (a
  /// triangle peaked a fifth of the way along, so every fifth harmonic is missing, plus noise:
  /// bright, every other harmonic present), a two-point average and a loss of 0.3 % per period
  /// in the loop (fast decay, highs first), a first-order allpass for the fractional period
  /// (kept between 0.5 and 1.5 samples, where its delay is nearly flat).
  static func guitar(_ midi: Int, count: Int, seed: UInt64) -> [Float] {
    let period = rate / frequency(midi) - 0.5  // the average delays by half a sample
    let length = Int(period - 0.5)
    let fraction = period - Double(length)
    let allpass = (1 - fraction) / (1 + fraction)
    var random = SplitMix64(seed: seed)
    let apex = Double(length) / 5
    var line = (0..<length).map { index in
      let position = Double(index)
      let triangle =
        position < apex ? position / apex : (Double(length) - position) / (Double(length) - apex)
      return triangle + 0.3 * Double(random.nextSigned())
    }
    let mean = line.reduce(0, +) / Double(length)
    line = line.map { $0 - mean }
    var output = [Float](repeating: 0, count: count)
    var position = 0
    var previous = 0.0
    var allpassInput = 0.0
    var allpassOutput = 0.0
    for index in 0..<count {
      let current = line[position]
      output[index] = Float(current)
      let averaged = 0.997 * 0.5 * (current + previous)
      previous = current
      let delayed = allpass * averaged + allpassInput - allpass * allpassOutput
      allpassInput = averaged
      allpassOutput = delayed
      line[position] = delayed
      position = (position + 1) % length
    }
    let peak = output.reduce(0) { max($0, abs($1)) }
    return output.map { $0 / max(peak, 1e-6) }
  }
}
