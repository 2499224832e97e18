import Testing

@testable import Sharp9App

/// The meters: the peak hold's decay and the clip light's 100 ms rule.
@Suite struct LevelMeterTests {
  /// Feeds `blocks` blocks of `peak`, each `blockSec` long, starting after `startSec`.
  func feed(
    _ meter: inout LevelMeter, peak: Float, blocks: Int, blockSec: Double, startSec: Double = 0
  ) -> Double {
    var now = startSec
    for _ in 0..<blocks {
      now += blockSec
      meter.add(peak: peak, durationSec: blockSec, nowSec: now)
    }
    return now
  }

  @Test func holdDecaysOneAndAHalfDecibelsASecond() {
    var meter = LevelMeter()
    var now = feed(&meter, peak: 1, blocks: 1, blockSec: 0.01)
    #expect(abs(meter.holdDB - 0) < 1e-9)
    now = feed(&meter, peak: 0, blocks: 100, blockSec: 0.01, startSec: now)
    #expect(abs(meter.holdDB - -1.5) < 1e-6)
    _ = feed(&meter, peak: 0, blocks: 200, blockSec: 0.01, startSec: now)
    #expect(abs(meter.holdDB - -4.5) < 1e-6)
  }

  @Test func levelFallsFasterThanTheHold() {
    var meter = LevelMeter()
    let now = feed(&meter, peak: 1, blocks: 1, blockSec: 0.01)
    _ = feed(&meter, peak: 0, blocks: 50, blockSec: 0.01, startSec: now)
    #expect(abs(meter.levelDB - -12) < 1e-6)
    #expect(abs(meter.holdDB - -0.75) < 1e-6)
  }

  @Test func clipsAfterAHundredMillisecondsAtMinusOneDecibel() {
    let minusOne = Float(0.891_251)  // 10^(-1/20), rounded up: just at -1 dBFS
    for (blocks, blockSec) in [(100, 0.001), (10, 0.01), (25, 0.004)] {
      var meter = LevelMeter()
      let now = feed(&meter, peak: minusOne, blocks: blocks, blockSec: blockSec)
      #expect(meter.isClipping(atSec: now), "\(blocks) × \(blockSec) s")
    }
  }

  @Test func doesNotClipAtNinetyNineMilliseconds() {
    var meter = LevelMeter()
    let now = feed(&meter, peak: 1, blocks: 99, blockSec: 0.001)
    #expect(!meter.isClipping(atSec: now))
  }

  @Test func doesNotClipJustBelowMinusOneDecibel() {
    var meter = LevelMeter()
    let now = feed(&meter, peak: 0.89, blocks: 200, blockSec: 0.001)
    #expect(!meter.isClipping(atSec: now))
  }

  @Test func aDipBelowTheThresholdStartsTheCountAgain() {
    var meter = LevelMeter()
    var now = feed(&meter, peak: 1, blocks: 60, blockSec: 0.001)
    now = feed(&meter, peak: 0.5, blocks: 1, blockSec: 0.001, startSec: now)
    now = feed(&meter, peak: 1, blocks: 60, blockSec: 0.001, startSec: now)
    #expect(!meter.isClipping(atSec: now))
  }

  @Test func clipLightStaysOnForTwoSeconds() {
    var meter = LevelMeter()
    let now = feed(&meter, peak: 1, blocks: 10, blockSec: 0.01)
    #expect(meter.isClipping(atSec: now + 1.99))
    #expect(!meter.isClipping(atSec: now + 2.0))
  }
}
