import Foundation

/// The low-pass prototype of the pitch stage's resampler: a Kaiser-windowed sinc, tabulated
/// finely once so a filter for any resampling ratio is read from it without trigonometry.
///
/// Frequencies are relative to the Nyquist frequency of the lower of the two rates and time is in
/// samples of that rate, so the same prototype serves every ratio: upsampling uses it as is,
/// downsampling by `D` stretches it `D` times in time (`h(t / D) / D`), which moves the cutoff
/// down to the output's Nyquist frequency and keeps the relative transition width.
struct KaiserSincFilter: Sendable {
  /// Where the passband ends (flat within the ripple below it).
  let passbandEdge: Double
  /// Where the stopband begins: everything above is attenuated by `attenuationDB`.
  let stopbandEdge: Double
  /// The design's stopband attenuation (and passband ripple, `10^(−A/20)`), in dB.
  let attenuationDB: Double
  /// Half the impulse response's length, in samples of the lower rate.
  let halfLength: Int
  /// Table points per sample: linear interpolation between them errs by
  /// `(π / density)² / 8` of full scale at most (−131 dB at 2048).
  let density: Int
  /// `h(i / density)` for `i` in `0...halfLength · density` (the response is symmetric).
  private let table: [Float]

  /// Designs the prototype (Kaiser's formulas for the window's shape and length).
  init(passbandEdge: Double, stopbandEdge: Double, attenuationDB: Double, density: Int = 2048) {
    self.passbandEdge = passbandEdge
    self.stopbandEdge = stopbandEdge
    self.attenuationDB = attenuationDB
    self.density = density
    let transition = (stopbandEdge - passbandEdge) * .pi
    let taps = (attenuationDB - 7.95) / (2.285 * transition) + 1
    let half = Int((taps / 2).rounded(.up))
    halfLength = half
    let beta =
      attenuationDB > 50
      ? 0.1102 * (attenuationDB - 8.7)
      : 0.5842 * pow(attenuationDB - 21, 0.4) + 0.07886 * (attenuationDB - 21)
    let cutoff = (passbandEdge + stopbandEdge) / 2
    let normalization = Self.besselI0(beta)
    table = (0...(half * density + 1)).map { index in
      let time = Double(index) / Double(density)
      guard time < Double(half) else { return 0 }
      let shape = time / Double(half)
      let window = Self.besselI0(beta * (1 - shape * shape).squareRoot()) / normalization
      let argument = .pi * cutoff * time
      let sinc = argument == 0 ? 1 : sin(argument) / argument
      return Float(cutoff * sinc * window)
    }
  }

  /// The impulse response at `time` samples (of the lower rate) from its center; 0 outside.
  func response(at time: Double) -> Double {
    let position = abs(time) * Double(density)
    let index = Int(position)
    guard index < halfLength * density else { return 0 }
    let fraction = position - Double(index)
    let low = Double(table[index])
    return low + (Double(table[index + 1]) - low) * fraction
  }

  /// The modified Bessel function of the first kind, order 0, by its power series (converges
  /// for every argument the window uses; terms shrink below 1e-17 of the sum).
  private static func besselI0(_ x: Double) -> Double {
    var sum = 1.0
    var term = 1.0
    var k = 1.0
    let quarterSquare = x * x / 4
    while term > sum * 1e-17 {
      term *= quarterSquare / (k * k)
      sum += term
      k += 1
    }
    return sum
  }
}
