import Foundation

/// The metronome's click, synthesized once per sample rate: a short sine burst with an
/// exponential decay, higher on accented beats (bar starts, the first beat of a count-in).
/// Deterministic: the same rate gives the same samples on every run and machine (one `sin` and
/// one `exp` per table entry, computed in `Double`).
///
/// Sample 0 is the onset and is already non-zero (the sine is sampled at the middle of each
/// sample's span), so the onset of a click is the first frame it changes.
struct ClickSound {
  /// Frames a click lasts.
  let length: Int
  private let plain: [Float]
  private let accented: [Float]

  /// How long a click lasts: long enough to be a pitch, short enough to stay apart at 600 clicks
  /// a minute.
  static let durationSec = 0.030
  /// The tones of a plain and an accented click (a fifth apart, both well above a bass line).
  static let plainHz = 1000.0
  static let accentHz = 1500.0
  /// The decay's time constant.
  static let decaySec = 0.006
  /// A click at level 1 peaks here (full scale is 1).
  static let peak = 0.8

  /// Builds both tables for `sampleRate`.
  init(sampleRate: Int) {
    let rate = Double(sampleRate)
    let length = max(1, Int((Self.durationSec * rate).rounded()))
    self.length = length
    plain = Self.table(hz: Self.plainHz, length: length, rate: rate)
    accented = Self.table(hz: Self.accentHz, length: length, rate: rate)
  }

  private static func table(hz: Double, length: Int, rate: Double) -> [Float] {
    (0..<length).map { index in
      let time = (Double(index) + 0.5) / rate
      return Float(peak * sin(2 * Double.pi * hz * time) * exp(-time / decaySec))
    }
  }

  /// Sample `index` (0..<length) of a click.
  @inline(__always) func sample(_ index: Int, accent: Bool) -> Float {
    accent ? accented[index] : plain[index]
  }
}
