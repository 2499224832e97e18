import Foundation
import Testing

@testable import Sharp9Audio

/// The two-band vocoder: the crossover masks and what a partial inside the crossover sounds like.
@Suite struct MultiResolutionTests {
  @Test func crossoverMasksSumToOneAtEveryFrequency() throws {
    let low = try SpectralBand(
      side: .low, size: 4096, sampleRate: 44_100, crossoverHz: 1000, transitionHz: 400)
    let high = try SpectralBand(
      side: .high, size: 2048, sampleRate: 44_100, crossoverHz: 1000, transitionHz: 400)
    // Bin k of the short window and bin 2k of the long one are the same frequency.
    for bin in 0...1024 {
      #expect(abs(low.gain(at: 2 * bin) + high.gain(at: bin) - 1) < 1e-6, "bin \(bin)")
    }
    // 800 Hz and 1200 Hz bound the transition: bins 37.2 and 55.7 of the short window.
    #expect(low.lowerBin == 0 && low.upperBin == 112)
    #expect(high.lowerBin == 38 && high.fullBin == 56 && high.upperBin == 1025)
    #expect(high.gain(at: 37) == 0 && low.gain(at: 111) > 0 && low.gain(at: 112) == 0)
  }

  @Test func bandMaskZeroesBinsOutsideTheBand() throws {
    let band = try SpectralBand(
      side: .high, size: 2048, sampleRate: 44_100, crossoverHz: 1000, transitionHz: 400)
    var spectrum = [Float](repeating: 1, count: 2 * 1025)
    spectrum.withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { band.apply(to: base, bins: 1025) }
    }
    #expect(spectrum[0..<(2 * 38)].allSatisfy { $0 == 0 })
    #expect(spectrum[(2 * 56)...].allSatisfy { $0 == 1 })
    #expect(spectrum[2 * 47] > 0 && spectrum[2 * 47] < 1)
  }

  /// A 1 kHz tone with a 1 % vibrato sits in the crossover, where both bands render it: unless
  /// the short-window band follows the long one's phases, the two drift apart with their own
  /// frequency estimates and beat (its level dipped to 8 % at speed 0.5).
  @Test(arguments: [0.5, 1.5])
  func vibratoInTheCrossoverKeepsItsLevel(speed: Double) throws {
    let rate = StretchSignals.rate
    var phase = 0.0
    let input = (0..<Int(1.5 * rate)).map { index -> Float in
      let frequency = 1000 * (1 + 0.01 * sin(2 * Double.pi * 5 * Double(index) / rate))
      phase += 2 * Double.pi * frequency / rate
      return Float(0.3 * sin(phase))
    }
    let output = try StretchSignals.stretch(input, speed: speed)
    let block = Int(0.02 * rate)
    let middle = output[(output.count / 4)..<(3 * output.count / 4)]
    let levels = stride(from: middle.startIndex, to: middle.endIndex - block, by: block).map {
      start in
      sqrt(middle[start..<(start + block)].reduce(0) { $0 + Double($1) * Double($1) } / 882)
    }
    let quietest = try #require(levels.min())
    let loudest = try #require(levels.max())
    #expect(loudest / quietest < 1.03, "level varies from \(quietest) to \(loudest)")
    #expect(abs(quietest - 0.3 / 2.squareRoot()) < 0.01)
  }
}
