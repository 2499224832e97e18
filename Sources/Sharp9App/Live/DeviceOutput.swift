import Sharp9Audio

/// The audio device a live session plays on: PortAudio opened, the device picked, the stream open
/// (not started). Any failure is a ``PlayerUnavailable`` and happens before a session is created.
public final class DeviceOutput {
  /// PortAudio, open while the stream is.
  public let library: PortAudioLibrary
  /// The output stream.
  public let stream: PortAudioOutput

  /// PortAudio opened and the output picked by (part of) its name, or the default.
  public static func find(name: String?) throws -> (PortAudioLibrary, OutputDevice) {
    do {
      let library = try PortAudioLibrary()
      return (library, try library.outputDevice(matching: name))
    } catch let error as PortAudioError {
      throw failure(error)
    }
  }

  /// The input picked by (part of) its name, or the default input (nil when the system has
  /// none: playing works, recording says it has no input).
  /// - Throws: ``PlayerUnavailable`` when `name` matches no input, or PortAudio fails.
  public static func findInput(name: String?, library: PortAudioLibrary) throws -> InputDevice? {
    do {
      return try library.inputDevice(matching: name)
    } catch let error as PortAudioError {
      guard name != nil || error.kind != .noDevice else { return nil }
      throw PlayerUnavailable(
        // Not "leave --input out": for `play` and `app` that records nothing.
        message: "no usable audio input: \(error.operation): \(error.detail). Pick one with"
          + " --input NAME (see sharp9 devices).")
    }
  }

  /// The input a live session on `device` records from at its start: the one `name` picks, or
  /// none when no input is asked for (the session opens the default one when recording is first
  /// armed) or there is no device.
  /// - Throws: ``PlayerUnavailable`` when `name` matches no input, or PortAudio fails.
  public static func input(
    named name: String?, on device: (PortAudioLibrary, OutputDevice)?
  ) throws -> InputDevice? {
    guard let device, let name else { return nil }
    return try findInput(name: name, library: device.0)
  }

  /// Opens the stream on `device` for `engine` (not started), duplex with `input` when given.
  public init(
    device: (PortAudioLibrary, OutputDevice), input: InputDevice? = nil, engine: LiveEngine,
    bufferMilliseconds: Int = 0
  ) throws {
    library = device.0
    do {
      stream = try PortAudioOutput(
        device: device.1, input: input, engine: engine, library: library,
        bufferMilliseconds: bufferMilliseconds)
    } catch let error as PortAudioError {
      throw Self.failure(error)
    }
  }

  private static func failure(_ error: PortAudioError) -> PlayerUnavailable {
    PlayerUnavailable(
      message: "no usable audio output: \(error.operation): \(error.detail). Start PulseAudio or"
        + " PipeWire, or pick a device with --device NAME (see sharp9 devices).")
  }

  /// A line for the screen: the device and its latency.
  public var description: String {
    let milliseconds = (stream.latencySec * 1000).formatted(.number.precision(.fractionLength(1)))
    let input = stream.input.map { ", input \($0.name)" } ?? ""
    return "device \(stream.device.name) (\(milliseconds) ms)\(input)"
  }
}
