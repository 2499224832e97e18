import Foundation

/// A device pair's measured round trip (output → input), as `sharp9 devices --calibrate` stores
/// it: per sample rate, block size and buffer asked for, since the latency depends on all three.
public struct DeviceCalibration: Sendable, Equatable {
  /// The output device's name.
  public var output: String
  /// The input device's name.
  public var input: String
  /// Frames per second the pair was measured at.
  public var sampleRate: Int
  /// Frames per device callback the pair was measured with.
  public var framesPerCallback: Int
  /// The least buffer asked of the device, in milliseconds (0: its lowest).
  public var bufferMilliseconds: Int
  /// The round trip, in frames at ``sampleRate``.
  public var latencyFrames: Int64
  /// The largest difference between the repeated measurements, in frames.
  public var spreadFrames: Int64
  /// The round trip the device's timestamps reported meanwhile, in frames (nil: it reported
  /// none). See ``latencyFrames(reportedNow:)``.
  public var reportedFrames: Int64?
  /// When it was measured.
  public var measuredAt: Date

  /// Creates a calibration.
  public init(
    output: String, input: String, sampleRate: Int, framesPerCallback: Int,
    bufferMilliseconds: Int = 0, latencyFrames: Int64, spreadFrames: Int64,
    reportedFrames: Int64? = nil, measuredAt: Date
  ) {
    self.reportedFrames = reportedFrames
    self.bufferMilliseconds = bufferMilliseconds
    self.output = output
    self.input = input
    self.sampleRate = sampleRate
    self.framesPerCallback = framesPerCallback
    self.latencyFrames = latencyFrames
    self.spreadFrames = spreadFrames
    self.measuredAt = measuredAt
  }

  /// The round trip in milliseconds.
  public var latencyMilliseconds: Double {
    Double(latencyFrames) * 1000 / Double(sampleRate)
  }

  /// `frames` when it can be a round trip (0 to 10 minutes of frames at 384 kHz), else nil: a
  /// database is read as untrusted, and the sums below must not overflow.
  public static func plausible(_ frames: Int64) -> Int64? {
    (0...230_400_000).contains(frames) ? frames : nil
  }

  /// The round trip of a stream whose timestamps report `reportedNow` frames: the measured
  /// round trip moved by as much as the reported one moved since calibration. A sound server
  /// (PulseAudio) sets its buffers up anew for every stream it opens, so the same pair's round
  /// trip differs from one session to the next by whole buffer periods (5,120 or 6,399 frames
  /// seen on one machine); the timestamps follow those buffers, and what they do not see (the
  /// converters, the cable) stays as measured. Without either report, the measured round trip.
  ///
  /// A move of less than half a callback block is the reports' own jitter (their median moved
  /// by 62 and 69 frames between streams whose round trip had not moved, 2026-11-25 and -26),
  /// not a buffer set up anew (whole blocks or periods): the measured round trip is kept.
  public func latencyFrames(reportedNow: Int64?) -> Int64 {
    guard let reportedNow = reportedNow.flatMap(Self.plausible),
      let reportedFrames = reportedFrames.flatMap(Self.plausible),
      let measured = Self.plausible(latencyFrames)
    else { return latencyFrames }
    let moved = reportedNow - reportedFrames
    guard 2 * moved.magnitude >= UInt64(framesPerCallback.magnitude) else { return measured }
    return max(0, measured + moved)
  }
}

/// The device pairs' calibrations (`device_calibrations`, SQLite only: it is the machine's own
/// audio hardware, not part of any session's log).
extension EventStore {
  /// Stores `calibration`, replacing an earlier one of the same pair, rate, block size and
  /// buffer.
  public func saveCalibration(_ calibration: DeviceCalibration) throws {
    let insert = try database.cached(
      """
      INSERT OR REPLACE INTO device_calibrations (output_device, input_device, sample_rate,
        frames_per_callback, buffer_ms, latency_frames, spread_frames, measured_ms,
        reported_frames)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    try insert.bind(calibration.output, at: 1)
    try insert.bind(calibration.input, at: 2)
    try insert.bind(Int64(calibration.sampleRate), at: 3)
    try insert.bind(Int64(calibration.framesPerCallback), at: 4)
    try insert.bind(Int64(calibration.bufferMilliseconds), at: 5)
    try insert.bind(calibration.latencyFrames, at: 6)
    try insert.bind(calibration.spreadFrames, at: 7)
    try insert.bind(UnixMilliseconds(calibration.measuredAt).value, at: 8)
    try insert.bind(calibration.reportedFrames, at: 9)
    try insert.run()
  }

  /// The stored calibration of the pair at `sampleRate`, `framesPerCallback` and
  /// `bufferMilliseconds`, or nil.
  public func calibration(
    output: String, input: String, sampleRate: Int, framesPerCallback: Int,
    bufferMilliseconds: Int = 0
  ) throws -> DeviceCalibration? {
    let select = try database.cached(
      """
      SELECT latency_frames, spread_frames, measured_ms, reported_frames FROM device_calibrations
      WHERE output_device = ? AND input_device = ? AND sample_rate = ? AND frames_per_callback = ?
        AND buffer_ms = ?
      """)
    try select.bind(output, at: 1)
    try select.bind(input, at: 2)
    try select.bind(Int64(sampleRate), at: 3)
    try select.bind(Int64(framesPerCallback), at: 4)
    try select.bind(Int64(bufferMilliseconds), at: 5)
    guard try select.step() else { return nil }
    return DeviceCalibration(
      output: output, input: input, sampleRate: sampleRate, framesPerCallback: framesPerCallback,
      bufferMilliseconds: bufferMilliseconds, latencyFrames: select.int64(0),
      spreadFrames: select.int64(1),
      reportedFrames: select.isNull(3) ? nil : DeviceCalibration.plausible(select.int64(3)),
      measuredAt: UnixMilliseconds(value: select.int64(2)).date)
  }
}
