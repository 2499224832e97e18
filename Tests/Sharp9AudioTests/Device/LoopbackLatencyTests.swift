import Sharp9Audio
import Testing

/// The calibration signal's echo found in synthetic recordings: delayed copies (scaled, with
/// noise, with a burst lost), and silence.
@Suite("calibration: the round trip found by cross-correlation") struct LoopbackLatencyTests {
  static let signal = LoopbackLatency(sampleRate: 44_100)

  /// `signal` delayed by `delay` frames, scaled by `gain`, plus deterministic noise of `noise`
  /// peak.
  static func echo(delay: Int, gain: Float = 1, noise: Float = 0) -> [Float] {
    let source = signal.signal()
    var state: UInt32 = 12_345
    return (0..<source.count).map { frame in
      state = state &* 1_664_525 &+ 1_013_904_223
      let hiss = (Float(state >> 8) / Float(1 << 24) * 2 - 1) * noise
      return (frame >= delay ? source[frame - delay] * gain : 0) + hiss
    }
  }

  @Test(arguments: [0, 1, 1_536, 6_144, 44_099])
  func aDelayedCopyGivesItsDelayExactly(delay: Int) throws {
    let measured = try Self.signal.measure(Self.echo(delay: delay))
    #expect(measured.latencyFrames == Int64(delay))
    #expect(measured.spreadFrames == 0 && measured.burstsHeard == LoopbackLatency.bursts)
  }

  @Test func aQuietNoisyInvertedEchoIsStillFound() throws {
    let measured = try Self.signal.measure(Self.echo(delay: 2_205, gain: -0.05, noise: 0.01))
    #expect(measured.latencyFrames == 2_205 && measured.spreadFrames == 0)
  }

  @Test func aLostBurstIsLeftOut() throws {
    var recorded = Self.echo(delay: 300)
    let start = Self.signal.burstStart(1) + 300
    for frame in start..<(start + LoopbackLatency.burstFrames) { recorded[frame] = 0 }
    let measured = try Self.signal.measure(recorded)
    #expect(measured.latencyFrames == 300 && measured.burstsHeard == LoopbackLatency.bursts - 1)
  }

  @Test func silenceOrANoiseUnrelatedToTheSignalIsNoEcho() {
    for recorded in [
      [Float](repeating: 0, count: Self.signal.signalFrames),
      Self.echo(delay: 0, gain: 0, noise: 0.2), [],
    ] {
      #expect(throws: LoopbackLatency.Failure.self) { try Self.signal.measure(recorded) }
    }
  }

  @Test func theSignalIsTheSameOnEveryRunAndBurstsDiffer() {
    #expect(Self.signal.signal() == LoopbackLatency(sampleRate: 44_100).signal())
    #expect(LoopbackLatency.burst(0) != LoopbackLatency.burst(1))
    #expect(LoopbackLatency.burst(0).allSatisfy { abs($0) <= LoopbackLatency.level })
  }
}
