import Testing

@testable import Sharp9Audio

@Suite struct CallbackCadenceTests {
  static let rate = 44_100.0
  /// 256 frames at 44.1 kHz.
  static let period = 256 / rate

  static func first(
    now: Double, last: Double = 100, irregular: Double = 0, lead: Double = 0
  ) -> Int64 {
    CallbackCadence.firstFrame(
      renderedUntil: 10_240, framesPerCallback: 256, rate: rate, leadSec: lead, nowSec: now,
      lastSec: last, irregularSec: irregular)
  }

  @Test func earlyInARegularPeriodTheNextCallbacksFirstFrame() {
    #expect(Self.first(now: 100.001) == 10_240)
    // With a lead of 1 ms, still a margin (1.45 ms) before the next callback (at 5.8 ms).
    #expect(Self.first(now: 100.003, lead: 0.001) == 10_240)
  }

  @Test func lateInThePeriodOrForASlowSenderALaterCallback() {
    // 5 ms into a 5.8 ms period: within the margin of the next callback; the one after is due
    // at 11.6 ms.
    #expect(Self.first(now: 100.005) == 10_240 + 256)
    // A sender taking 8 ms, early in the period: the callback due at 11.6 ms.
    #expect(Self.first(now: 100.0001, lead: 0.008) == 10_240 + 256)
    // One taking 12 ms: no later than the whole callback of room and its lead (one callback
    // past, 530 frames further), though the callback due at 17.4 ms would be later still.
    #expect(Self.first(now: 100.0001, lead: 0.012) == 10_240 + 256 + 530)
  }

  @Test func irregularCallbacksOrNoneYetKeepTheWholeCallbackOfRoom() {
    #expect(Self.first(now: 100.001, irregular: 99.5) == 10_240 + 256)
    #expect(Self.first(now: 100.001, irregular: 99.0) == 10_240, "a second after: regular again")
    #expect(Self.first(now: 100.001, last: 0) == 10_240 + 256)
    // A stalled device (no callback for a second): the next callback's time is unknown.
    #expect(Self.first(now: 101) == 10_240 + 256)
  }

  @Test func aCallbackSoonerThanHalfAPeriodOrOfAnotherSizeIsIrregular() {
    let cadence = CallbackCadence()
    func callback(_ at: Double, frames: Int = 256) {
      cadence.noteCallback(enteredSec: at, rate: Self.rate, frames: frames, framesPerCallback: 256)
      cadence.published(enteredSec: at)
    }
    callback(10)
    callback(10 + Self.period * 0.9)
    #expect(cadence.snapshot().irregularSec == 0)
    let burst = 10 + Self.period * 1.2
    callback(burst)
    #expect(cadence.snapshot() == (burst, burst))
    let short = burst + Self.period
    callback(short, frames: 128)
    #expect(cadence.snapshot() == (short, short))
  }
}
