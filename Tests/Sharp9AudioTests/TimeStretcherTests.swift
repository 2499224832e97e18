import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

@Suite struct TimeStretcherTests {
  @Test(arguments: [0.25, 0.5, 0.75, 1.0, 1.5, 2.0])
  func outputLengthIsRoundedInputOverSpeed(speed: Double) throws {
    let input = StretchSignals.tone(f0: 330, seconds: 0.7)
    let output = try StretchSignals.stretch(input, speed: speed, pitch: speed == 1 ? 0 : 1)
    #expect(output.count == Int((Double(input.count) / speed).rounded()))
  }

  @Test func speedOneWithoutPitchIsBitExactCopy() throws {
    var random = SplitMix64(seed: 1)
    let input = (0..<50_000).map { _ in Float.random(in: -1..<1, using: &random) }
    let stereo = StretchSignals.interleave([input, input.reversed()])
    #expect(try StretchSignals.stretch(stereo, channels: 2, speed: 1) == stereo)
  }

  @Test(arguments: [(0.5, 0.0), (0.8, 2.0), (1.0, 3.0), (1.5, -3.0), (1.0, -5.0), (0.25, 12.0)])
  func harmonicToneKeepsTargetPitch(speed: Double, pitch: Double) throws {
    let input = StretchSignals.tone(f0: 220, seconds: 0.8, partials: 12)
    let output = try StretchSignals.stretch(input, speed: speed, pitch: pitch)
    let target = 220 * pow(2, pitch / 12)
    let cents = 1200 * log2(StretchSignals.fundamental(output, near: target) / target)
    #expect(abs(cents) < 0.1, "pitch error \(cents) cents")
  }

  @Test func sameInputAndSettingsGiveBitIdenticalOutput() throws {
    var random = SplitMix64(seed: 3)
    let noise = (0..<30_000).map { _ in 0.1 * Float.random(in: -1..<1, using: &random) }
    let tone = StretchSignals.tone(f0: 196, seconds: 30_000 / StretchSignals.rate, partials: 6)
    let input = StretchSignals.interleave([zip(noise, tone).map(+), tone])
    let hashes = try (0..<2).map { _ in
      StretchTestHash.fnv1a(try StretchSignals.stretch(input, channels: 2, speed: 0.7, pitch: 2))
    }
    #expect(hashes[0] == hashes[1])
    let other = try StretchSignals.stretch(input, channels: 2, speed: 0.7, pitch: 2.1)
    #expect(StretchTestHash.fnv1a(other) != hashes[0])
  }

  @Test func silenceStaysExactlySilent() throws {
    let silence = [Float](repeating: 0, count: 40_000)
    for (speed, pitch) in [(0.5, 0.0), (1.3, -4.0), (1.0, 7.0)] {
      let output = try StretchSignals.stretch(silence, speed: speed, pitch: pitch)
      #expect(output.allSatisfy { $0 == 0 })
    }
  }

  @Test func identicalChannelsStayIdentical() throws {
    let tone = StretchSignals.tone(f0: 150, seconds: 0.6, partials: 8)
    let clicks = StretchSignals.clicks(seconds: 0.6)
    let mono = zip(tone, clicks).map(+)
    let output = try StretchSignals.stretch(
      StretchSignals.interleave([mono, mono]), channels: 2, speed: 0.6, pitch: -2)
    #expect(StretchSignals.channel(output, 0, of: 2) == StretchSignals.channel(output, 1, of: 2))
  }

  @Test func interchannelPhaseDifferenceIsPreserved() throws {
    let frequency = 500.0, shift = 1.1
    let count = 40_000
    let left = (0..<count).map { Float(0.4 * sin(2 * .pi * frequency * Double($0) / 44_100)) }
    let right = (0..<count).map {
      Float(0.4 * sin(2 * .pi * frequency * Double($0) / 44_100 + shift))
    }
    let output = try StretchSignals.stretch(
      StretchSignals.interleave([left, right]), channels: 2, speed: 0.7, pitch: 3)
    let outFrequency = frequency * pow(2, 3.0 / 12)
    let difference =
      StretchTestHash.phase(
        StretchSignals.channel(output, 1, of: 2), frequency: outFrequency)
      - StretchTestHash.phase(StretchSignals.channel(output, 0, of: 2), frequency: outFrequency)
    let wrapped = atan2(sin(difference - shift), cos(difference - shift))
    #expect(abs(wrapped) < 0.01, "phase difference off by \(wrapped) rad")
  }

  @Test(arguments: [0.5, 0.8, 1.5])
  func clickBurstsKeepTheirOnsetsAndSharpness(speed: Double) throws {
    let input = StretchSignals.clicks(seconds: 2)
    let output = try StretchSignals.stretch(input, speed: speed)
    var start = 0.1
    while (start + 0.01) * StretchSignals.rate < Double(input.count) {
      // The burst is reproduced unstretched, starting at its input time / speed: its peak keeps
      // its offset from the burst start, within 1.5 ms.
      let burst = Array(input[Int(start * 44_100)..<Int((start + 0.004) * 44_100)])
      let inputOffset = burst.indices.max { abs(burst[$0]) < abs(burst[$1]) } ?? 0
      let expected = Int(start / speed * StretchSignals.rate) + inputOffset
      let window = max(0, expected - 2_000)..<min(output.count, expected + 2_000)
      let peakIndex = window.max { abs(output[$0]) < abs(output[$1]) } ?? 0
      #expect(abs(peakIndex - expected) < 66, "burst at \(start) s moved to \(peakIndex)")
      #expect(
        abs(output[peakIndex]) > 0.7 * abs(burst[inputOffset]), "burst at \(start) s lost its peak")
      start += 0.25
    }
  }
}

/// Hashing and phase measurement helpers for the stretch tests.
enum StretchTestHash {
  /// FNV-1a over the samples' bit patterns.
  static func fnv1a(_ samples: [Float]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for sample in samples {
      var bits = sample.bitPattern
      for _ in 0..<4 {
        hash = (hash ^ UInt64(bits & 0xFF)) &* 0x100_0000_01b3
        bits >>= 8
      }
    }
    return hash
  }

  /// Phase (radians) of the `frequency` component over the middle half of `signal`.
  static func phase(_ signal: [Float], frequency: Double) -> Double {
    var re = 0.0, im = 0.0
    for index in (signal.count / 4)..<(3 * signal.count / 4) {
      let angle = 2 * Double.pi * frequency * Double(index) / 44_100
      re += Double(signal[index]) * cos(angle)
      im -= Double(signal[index]) * sin(angle)
    }
    return atan2(im, re)
  }
}
