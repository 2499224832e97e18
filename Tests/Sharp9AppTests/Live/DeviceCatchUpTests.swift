import Sharp9Audio
import Sharp9Domain
import Testing

@testable import Sharp9App

/// A device that renders in bursts, as PulseAudio's ALSA plugin does: every period (five
/// 256-frame callbacks) it calls back five times in a row, 0.15 ms apart, filling its buffer up
/// to `capacity` frames ahead of the DAC again. Its device clock is the monotonic one, shifted.
private struct BurstDevice {
  static let rate = 44_100.0
  static let callbackFrames = 256
  static let callbacksPerPeriod = 5
  static let capacity = 4 * 5 * 256.0
  static let clockOffset = 1_000.0
  static let callbackSpacingSec = 0.000_15

  /// Every callback: when it began (monotonic) and its report.
  let callbacks: [(atSec: Double, report: EngineReport)]

  /// Callbacks for `seconds` of playing.
  init(seconds: Double) {
    let period = Double(Self.callbackFrames * Self.callbacksPerPeriod) / Self.rate
    var callbacks: [(Double, EngineReport)] = []
    var rendered = Int64(Self.capacity)
    for burst in 1..<Int(seconds / period) {
      for index in 0..<Self.callbacksPerPeriod {
        let atSec = Double(burst) * period + Double(index) * Self.callbackSpacingSec
        let start = rendered
        rendered += Int64(Self.callbackFrames)
        let deviceSec = atSec + Self.clockOffset
        let dacSec = deviceSec + (Double(start) - Self.dacFrame(atSec: atSec)) / Self.rate
        callbacks.append(
          (
            atSec,
            EngineReport(
              frame: rendered, blockFrames: Self.callbackFrames, dacTimeSec: dacSec,
              callbackTimeSec: deviceSec, callbackClockSec: atSec, positionSec: 0,
              isPlaying: true, peakLeft: 0, peakRight: 0, underruns: 0, lateCommands: 0)
          ))
      }
    }
    self.callbacks = callbacks
  }

  /// The frame at the DAC at `atSec`: the buffer was full (`capacity`) at 0.
  static func dacFrame(atSec: Double) -> Double { atSec * rate }

  /// The end of what the audio thread has rendered at `atSec` (stored as a callback begins).
  func renderedFrame(atSec: Double) -> Int64 {
    callbacks.last { $0.atSec <= atSec }?.report.frame ?? Int64(Self.capacity)
  }

  /// A catch-up that has taken the reports collected by `atSec`, the latest `staleSec` old.
  func catchUp(atSec: Double, staleSec: Double) -> DeviceCatchUp {
    var catchUp = DeviceCatchUp()
    for callback in callbacks where callback.atSec <= atSec - staleSec {
      catchUp.heard(callback.report, rate: Self.rate)
    }
    return catchUp
  }
}

@Suite struct DeviceCatchUpTests {
  @Test func nothingIsKnownBeforeAReportWithTheDevicesTimestamps() {
    var catchUp = DeviceCatchUp()
    #expect(catchUp.frame(atSec: 1, rate: 44_100, renderedFrame: 0, blockFrames: 256) == nil)
    // The null clock's reports carry no device time.
    catchUp.heard(
      EngineReport(
        frame: 512, blockFrames: 256, callbackClockSec: 1, positionSec: 0, isPlaying: true,
        peakLeft: 0, peakRight: 0, underruns: 0, lateCommands: 0), rate: 44_100)
    #expect(catchUp.frame(atSec: 1, rate: 44_100, renderedFrame: 512, blockFrames: 256) == nil)
    // Nor do timestamps that put the DAC behind the callback, or seconds after it.
    for leadSec in [-0.01, DeviceCatchUp.maximumAheadSec + 0.5] {
      catchUp.heard(
        EngineReport(
          frame: 512, blockFrames: 256, dacTimeSec: 10 + leadSec, callbackTimeSec: 10,
          callbackClockSec: 1, positionSec: 0, isPlaying: true, peakLeft: 0, peakRight: 0,
          underruns: 0, lateCommands: 0), rate: 44_100)
      #expect(catchUp.frame(atSec: 1, rate: 44_100, renderedFrame: 512, blockFrames: 256) == nil)
    }
  }

  /// The property the player relies on, at 2,000 seeded moments, with reports up to a screen
  /// turn old: a frame reserved one callback past the reachable frame is not rendered before a
  /// send of 1 ms ends; one callback past the rendered end (the rule before) is, at some moments.
  @Test func aReservationPastTheReachableFrameIsNotOvertakenByABurst() throws {
    let device = BurstDevice(seconds: 4)
    var random = SplitMix64(seed: 7)
    let sendSec = 0.001
    var overtakenBefore = 0
    for _ in 0..<2_000 {
      let atSec = Double.random(in: 1...3.5, using: &random)
      let staleSec = Double.random(in: 0...0.033, using: &random)
      let rendered = device.renderedFrame(atSec: atSec)
      let reachable = try #require(
        device.catchUp(atSec: atSec, staleSec: staleSec).frame(
          atSec: atSec, rate: BurstDevice.rate, renderedFrame: rendered,
          blockFrames: BurstDevice.callbackFrames))
      let reserved = max(rendered, reachable) + Int64(BurstDevice.callbackFrames)
      let renderedAfterSend = device.renderedFrame(atSec: atSec + sendSec)
      #expect(renderedAfterSend <= reserved, "overtaken at \(atSec) s")
      // Heard one full buffer and a callback after the press, never more than a frame later.
      let heardAfter = Double(reserved) - BurstDevice.dacFrame(atSec: atSec)
      #expect(heardAfter <= BurstDevice.capacity + Double(BurstDevice.callbackFrames) + 1)
      if renderedAfterSend > rendered + Int64(BurstDevice.callbackFrames) { overtakenBefore += 1 }
    }
    #expect(overtakenBefore > 0, "the rule before is overtaken by some bursts")
  }

  @Test func aDeviceThatStoppedCallingBackDoesNotPushActionsFurtherThanOneFill() throws {
    let device = BurstDevice(seconds: 1)
    let last = try #require(device.callbacks.last)
    let catchUp = device.catchUp(atSec: last.atSec, staleSec: 0)
    let rendered = last.report.frame
    let frame = try #require(
      catchUp.frame(
        atSec: last.atSec + 5, rate: BurstDevice.rate, renderedFrame: rendered,
        blockFrames: BurstDevice.callbackFrames))
    #expect(frame <= rendered + Int64(BurstDevice.capacity) + 1)
    #expect(frame >= rendered + Int64(BurstDevice.capacity) - Int64(BurstDevice.callbackFrames))
  }

  /// A report of a 256-frame block ending `fillFrames` ahead of the DAC, the DAC at `atSec × rate`.
  private func report(atSec: Double, fillFrames: Double) -> EngineReport {
    let end = atSec * 44_100 + fillFrames
    return EngineReport(
      frame: Int64(end), blockFrames: 256, dacTimeSec: 50 + (fillFrames - 256) / 44_100,
      callbackTimeSec: 50, callbackClockSec: atSec, positionSec: 0, isPlaying: true,
      peakLeft: 0, peakRight: 0, underruns: 0, lateCommands: 0)
  }

  /// How far past an empty buffer (rendered up to the DAC's frame at `atSec`) the audio thread
  /// can render, in single frames: the largest fill remembered.
  private func room(_ catchUp: DeviceCatchUp, atSec: Double) throws -> Double {
    let dac = Int64(atSec * 44_100)
    let frame = try #require(
      catchUp.frame(atSec: atSec, rate: 44_100, renderedFrame: dac, blockFrames: 1))
    return Double(frame - dac)
  }

  @Test func aLargerFillIsForgottenAfterTheRememberedCallbacks() throws {
    var catchUp = DeviceCatchUp()
    catchUp.heard(report(atSec: 10, fillFrames: 8_000), rate: 44_100)
    catchUp.heard(report(atSec: 10.01, fillFrames: 2_000), rate: 44_100)
    #expect(abs(try room(catchUp, atSec: 10.01) - 8_000) <= 2)
    // 8,000 frames are 32 callbacks: 64 are remembered, the 8,000 one and 63 after it.
    for index in 2...63 {
      catchUp.heard(report(atSec: 10 + Double(index) * 0.01, fillFrames: 1_000), rate: 44_100)
    }
    #expect(abs(try room(catchUp, atSec: 10.63) - 8_000) <= 2, "still remembered")
    catchUp.heard(report(atSec: 10.64, fillFrames: 1_000), rate: 44_100)
    #expect(abs(try room(catchUp, atSec: 10.64) - 2_000) <= 2, "the 2,000 one is the largest")
  }

  /// After a stall of any length, the fill from before it still bounds the catch-up burst.
  @Test func aStallOfSecondsDoesNotForgetTheFill() throws {
    var catchUp = DeviceCatchUp()
    for index in 0..<10 {
      catchUp.heard(report(atSec: 10 + Double(index) * 0.005, fillFrames: 4_000), rate: 44_100)
    }
    // The device comes back 5 s later with a drained buffer and refills it, callback by callback.
    catchUp.heard(report(atSec: 15, fillFrames: 256), rate: 44_100)
    #expect(abs(try room(catchUp, atSec: 15) - 4_000) <= 2)
  }

  /// A device that calls back regularly (one block per period, the buffer full after each) has
  /// no room for a whole block between its callbacks: an action is reserved one block past the
  /// rendered end, as it always was, and a late callback gives it one block more.
  @Test func aRegularDeviceGetsNoExtraBlock() throws {
    var catchUp = DeviceCatchUp()
    let period = 256 / 44_100.0
    var rendered: Int64 = 0
    for index in 0..<100 {
      let atSec = 1 + Double(index) * period
      rendered = Int64((atSec * 44_100).rounded()) + 1_024
      catchUp.heard(report(atSec: atSec, fillFrames: 1_024), rate: 44_100)
    }
    let lastSec = 1 + 99 * period
    for fraction in [0.0, 0.3, 0.9] {
      let frame = catchUp.frame(
        atSec: lastSec + fraction * period, rate: 44_100, renderedFrame: rendered, blockFrames: 256)
      #expect(frame == rendered)
    }
    let late = catchUp.frame(
      atSec: lastSec + 1.5 * period, rate: 44_100, renderedFrame: rendered, blockFrames: 256)
    #expect(late == rendered + 256)
  }
}
