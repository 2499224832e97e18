import Testing

@testable import Sharp9App

@Suite struct DeviceWatchTests {
  @Test func notStartedIsNeverSilent() {
    var watch = DeviceWatch()
    #expect(watch.silentSec(atSec: 1_000) == nil)
    // A callback before the start (none should come) does not start the watch.
    watch.heard(atSec: 1)
    #expect(watch.silentSec(atSec: 1_000) == nil)
  }

  @Test func aStreamThatNeverCallsBackIsSilentFromItsStart() {
    var watch = DeviceWatch()
    watch.started(atSec: 10)
    #expect(watch.silentSec(atSec: 10 + DeviceWatch.silentAfterSec - 0.001) == nil)
    #expect(watch.silentSec(atSec: 10 + DeviceWatch.silentAfterSec) == DeviceWatch.silentAfterSec)
    #expect(watch.silentSec(atSec: 15) == 5)
  }

  @Test func eachCallbackStartsTheSilenceAgain() {
    var watch = DeviceWatch()
    watch.started(atSec: 0)
    for second in stride(from: 0.5, through: 30, by: 0.5) {
      watch.heard(atSec: second)
      #expect(watch.silentSec(atSec: second + 1.9) == nil)
    }
    #expect(watch.silentSec(atSec: 33) == 3)
    // Calling back again: not silent any more.
    watch.heard(atSec: 33)
    #expect(watch.silentSec(atSec: 33.1) == nil)
  }

  @Test func aStoppedStreamIsNotSilent() {
    var watch = DeviceWatch()
    watch.started(atSec: 0)
    watch.stopped()
    #expect(watch.silentSec(atSec: 60) == nil)
    watch.heard(atSec: 61)
    #expect(watch.silentSec(atSec: 120) == nil)
  }
}
