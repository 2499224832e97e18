import Sharp9Audio
import Sharp9Store

/// What a live session needs to record takes from an input, whether the input is given at the
/// start or opened when recording is first armed: the device the input is paired with, where
/// takes are kept, the log whose calibrations move them back, and the stream's shape (a
/// calibration is kept per pair and shape).
struct RecordingSetup {
  /// The output the input is paired with (nil: the null clock, nothing to record against).
  var device: (PortAudioLibrary, OutputDevice)?
  /// Where takes are kept (nil: recording is unavailable).
  var takes: TakeLibrary?
  /// The log calibrations are kept in. Calibrations and takes are kept beside an SQLite log
  /// only, for now: on another store the session plays, and arming says there is nothing to
  /// record from.
  var store: EventStore?
  /// Frames per device callback.
  var framesPerCallback: Int
  /// The least device buffer asked for, in milliseconds.
  var bufferMilliseconds: Int

  /// Whether an input would be recorded from: a device, a take library and a calibration store.
  var canRecord: Bool { device != nil && takes != nil && store != nil }

  /// The recorder writing `capture` (from `input`, at `sampleRate`) to the take library, moved
  /// back by the pair's calibrated round trip, which it also returns (nil: not calibrated);
  /// nil when takes cannot be recorded.
  func recorder(capture: InputCapture, input: InputDevice, sampleRate: Int) throws -> (
    recorder: TakeRecorder, calibration: DeviceCalibration?
  )? {
    guard let device, let takes, let store else { return nil }
    // The pair's round trip as `devices --calibrate` measured it with this stream's shape.
    let calibration = try store.calibration(
      output: device.1.name, input: input.name, sampleRate: sampleRate,
      framesPerCallback: framesPerCallback, bufferMilliseconds: bufferMilliseconds)
    let recorder = TakeRecorder(
      capture: capture, library: takes, inputName: input.name, sampleRate: sampleRate,
      calibration: calibration)
    return (recorder, calibration)
  }
}
