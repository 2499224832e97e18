import Foundation
import Sharp9Store
import Testing

/// `device_calibrations`: one round trip per device pair, rate and block size; a new measurement
/// replaces the old one.
@Suite struct DeviceCalibrationTests {
  static func calibration(
    latency: Int64, rate: Int = 44_100, input: String = "pulse", at seconds: Double = 0
  ) -> DeviceCalibration {
    DeviceCalibration(
      output: "pulse", input: input, sampleRate: rate, framesPerCallback: 256,
      latencyFrames: latency, spreadFrames: 1,
      measuredAt: Date(timeIntervalSince1970: 1_790_000_000 + seconds))
  }

  @Test func aPairIsStoredReplacedAndFoundByRateAndBlockSize() throws {
    let fixture = try StoreFixture(.onDisk)
    let store = fixture.store
    #expect(
      try store.calibration(
        output: "pulse", input: "pulse", sampleRate: 44_100, framesPerCallback: 256)
        == nil)
    try store.saveCalibration(Self.calibration(latency: 1_536))
    try store.saveCalibration(Self.calibration(latency: 2_000, rate: 48_000))
    try store.saveCalibration(Self.calibration(latency: 9, input: "USB mic"))
    try store.saveCalibration(Self.calibration(latency: 1_537, at: 60))
    #expect(
      try store.calibration(
        output: "pulse", input: "pulse", sampleRate: 44_100, framesPerCallback: 256)
        == Self.calibration(latency: 1_537, at: 60))
    #expect(
      try store.calibration(
        output: "pulse", input: "pulse", sampleRate: 48_000, framesPerCallback: 256)?
        .latencyFrames == 2_000)
    #expect(
      try store.calibration(
        output: "pulse", input: "pulse", sampleRate: 44_100, framesPerCallback: 512)
        == nil)
    #expect(Self.calibration(latency: 441).latencyMilliseconds == 10)
  }
}
