import Testing

@testable import Sharp9Audio

/// The window and hops a configuration plans: full windows for a player, windows fitted to the
/// ratio of an offline stretch, and a denser short-window band when it compresses.
@Suite struct StretchConfigurationTests {
  /// (planned compression, window, long hop, short hop) at 44.1 kHz, standard quality.
  @Test(
    arguments: [
      (nil, 4096, 1024, 512), (0.5, 3584, 896, 448), (1.0, 3584, 896, 448),
      (1.189, 3584, 896, 224), (1.335, 3072, 768, 192), (1.784, 2816, 704, 176),
      (2.0, 2816, 704, 176), (4.0, 2816, 704, 176),
    ] as [(Double?, Int, Int, Int)])
  func aPlannedRatioFitsTheWindowsAndCompressionDoublesTheHighOverlap(
    compression: Double?, window: Int, hop: Int, highHop: Int
  ) {
    let configuration = StretchConfiguration(
      sampleRate: 44_100, channels: 2, plannedCompression: compression)
    #expect(configuration.fftSize == window)
    #expect(configuration.synthesisHop == hop)
    #expect(configuration.highBandHop == highHop)
  }

  @Test func aPlayerKeepsFullWindowsWithinItsHopBound() {
    let renderer = StretchConfiguration(sampleRate: 48_000, channels: 2, maximumHopSec: 0.012)
    #expect(renderer.fftSize == 4096 && renderer.synthesisHop == 512)
    #expect(renderer.highBandHop == 256)
  }

  @Test func theShortestWindowScalesWithTheRate() {
    let fast = StretchConfiguration(sampleRate: 96_000, channels: 1, plannedCompression: 1.784)
    #expect(fast.fftSize == 5632 && fast.synthesisHop == 1408 && fast.highBandHop == 352)
    let best = StretchConfiguration(
      sampleRate: 44_100, channels: 1, quality: .best, plannedCompression: 2)
    #expect(best.fftSize == 2816 && best.synthesisHop == 352 && best.highBandHop == 88)
  }
}
