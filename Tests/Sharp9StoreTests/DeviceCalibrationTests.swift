import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

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

  /// Hostile or damaged figures (a crafted database's `reported_frames`, a device's nonsense
  /// report) never overflow the round trip's sum: any value outside 0…230,400,000 frames is
  /// left out and the measured round trip is used as it is. A fixed-seed generator of extremes.
  @Test func aRoundTripFromImplausibleFiguresIsTheMeasuredOne() throws {
    var generator = SplitMix64(seed: 25)
    let extremes: [Int64] = [.min, .min + 1, -1, 230_400_001, .max - 1, .max]
    for _ in 0..<500 {
      let pick = { (generator: inout SplitMix64) -> Int64 in
        generator.next() % 3 == 0
          ? Int64(bitPattern: generator.next())
          : extremes[Int(generator.next() % UInt64(extremes.count))]
      }
      let measured = Int64(generator.next() % 100_000)
      var calibration = Self.calibration(latency: measured)
      calibration.reportedFrames = pick(&generator)
      let now = pick(&generator)
      #expect(calibration.latencyFrames(reportedNow: now) == measured)
    }
    var calibration = Self.calibration(latency: 5_120)
    calibration.reportedFrames = 5_118
    #expect(calibration.latencyFrames(reportedNow: 6_397) == 6_399)
    #expect(calibration.latencyFrames(reportedNow: 0) == 2)
    // Less than half a 256-frame block either way is the reports' jitter: as measured.
    for now: Int64 in [5_118 - 127, 5_049, 5_118, 5_187, 5_118 + 127] {
      #expect(calibration.latencyFrames(reportedNow: now) == 5_120, "reported \(now)")
    }
    #expect(calibration.latencyFrames(reportedNow: 5_118 + 128) == 5_248)
    #expect(calibration.latencyFrames(reportedNow: 5_118 - 128) == 4_992)
    // Stored, a hostile reported figure reads back as none.
    let fixture = try StoreFixture(.onDisk)
    try fixture.store.saveCalibration(calibration)
    try fixture.store.database.execute(
      "UPDATE device_calibrations SET reported_frames = -9223372036854775808")
    #expect(
      try fixture.store.calibration(
        output: "pulse", input: "pulse", sampleRate: 44_100, framesPerCallback: 256)?
        .reportedFrames == nil)
  }
}
