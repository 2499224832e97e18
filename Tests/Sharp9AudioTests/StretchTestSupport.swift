import Foundation
import Sharp9Domain

@testable import Sharp9Audio

/// Synthetic signals and a whole-buffer stretch helper for the stretch tests.
enum StretchSignals {
  static let rate = 44_100.0

  /// A harmonic tone of `partials` partials with 1/k amplitudes (peak ≈ 0.5).
  static func tone(f0: Double, seconds: Double, partials: Int = 1, amplitude: Double = 0.3)
    -> [Float]
  {
    let count = Int(seconds * rate)
    return (0..<count).map { index in
      let time = Double(index) / rate
      var value = 0.0
      for k in 1...partials where Double(k) * f0 < rate / 2 {
        value += sin(2 * Double.pi * f0 * Double(k) * time) / Double(k)
      }
      return Float(amplitude * value)
    }
  }

  /// 4 ms exponentially decaying noise bursts every `period` seconds, starting at `first`.
  static func clicks(seconds: Double, period: Double = 0.25, first: Double = 0.1) -> [Float] {
    var random = SplitMix64(seed: 7)
    var signal = [Float](repeating: 0, count: Int(seconds * rate))
    let burst = Int(0.004 * rate)
    var start = first
    while Int(start * rate) + burst < signal.count {
      let offset = Int(start * rate)
      for index in 0..<burst {
        signal[offset + index] =
          0.8 * Float.random(in: -1..<1, using: &random) * Float(exp(-Double(index) / 40))
      }
      start += period
    }
    return signal
  }

  /// Interleaves equal-length channels.
  static func interleave(_ channels: [[Float]]) -> [Float] {
    var result = [Float](repeating: 0, count: channels[0].count * channels.count)
    for (channel, samples) in channels.enumerated() {
      for (index, value) in samples.enumerated() {
        result[index * channels.count + channel] = value
      }
    }
    return result
  }

  /// One channel of an interleaved buffer.
  static func channel(_ interleaved: [Float], _ channel: Int, of channels: Int) -> [Float] {
    stride(from: channel, to: interleaved.count, by: channels).map { interleaved[$0] }
  }

  /// Stretches a whole interleaved buffer through `TimeStretcher.run`, planned for its ratio
  /// like `sharp9 stretch` (`planned`, the default) or configured like a player.
  static func stretch(
    _ input: [Float], channels: Int = 1, speed: Double, pitch: Double = 0,
    quality: StretchQuality = .standard, block: Int = 4096, planned: Bool = true
  ) throws -> [Float] {
    let stretcher = try TimeStretcher(
      configuration: StretchConfiguration(
        sampleRate: rate, channels: channels, quality: quality, maximumBlockFrames: block,
        plannedCompression: planned
          ? StretchConfiguration.plannedCompression(speed: speed, pitchSemitones: pitch) : nil))
    stretcher.speed = speed
    stretcher.pitchSemitones = pitch
    var position = 0
    var output: [Float] = []
    try stretcher.run(
      inputFrames: input.count / channels,
      read: { buffer, frames in
        let count = min(frames, input.count / channels - position)
        for index in 0..<(count * channels) { buffer[index] = input[position * channels + index] }
        position += count
        return count
      },
      write: { buffer, frames in output.append(contentsOf: buffer.prefix(frames * channels)) })
    return output
  }

  /// f0 by autocorrelation over the middle half, refined over many periods.
  static func fundamental(_ signal: [Float], near rough: Double) -> Double {
    let segment = Array(signal[(signal.count / 4)..<(3 * signal.count / 4)]).map(Double.init)
    func correlation(_ lag: Int) -> Double {
      var sum = 0.0
      for index in 0..<(segment.count - lag) { sum += segment[index] * segment[index + lag] }
      return sum / Double(segment.count - lag)
    }
    func refined(_ lag: Int) -> Double {
      let a = correlation(lag - 1), b = correlation(lag), c = correlation(lag + 1)
      let denominator = a - 2 * b + c
      return Double(lag) + (denominator == 0 ? 0 : 0.5 * (a - c) / denominator)
    }
    func best(in range: ClosedRange<Int>) -> Int {
      range.max { correlation($0) < correlation($1) } ?? range.lowerBound
    }
    let period = rate / rough
    let coarse = refined(best(in: Int(period * 0.97)...Int(period * 1.03) + 1))
    let periods = max(1, Int(Double(segment.count / 2) / coarse))
    let lag = Int((coarse * Double(periods)).rounded())
    return rate * Double(periods) / refined(best(in: (lag - 3)...(lag + 3)))
  }
}
