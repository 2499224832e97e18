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

  /// Opens the stream on `device` for `engine` (not started).
  public init(device: (PortAudioLibrary, OutputDevice), engine: LiveEngine) throws {
    library = device.0
    do {
      stream = try PortAudioOutput(device: device.1, engine: engine, library: library)
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
    return "device \(stream.device.name) (\(milliseconds) ms)"
  }
}
