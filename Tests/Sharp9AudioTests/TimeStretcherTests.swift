import Foundation
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
    var random = SplitMix64(state: 1)
    let input = (0..<50_000).map { _ in random.nextSigned() }
    let stereo = StretchSignals.interleave([input, input.reversed()])
    #expect(try StretchSignals.stretch(stereo, channels: 2, speed: 1) == stereo)
  }
}
