import Sharp9Audio

/// The audio device the player plays on: PortAudio opened, the device picked, the stream open
/// (not started). Any failure is a ``PlayerUnavailable`` and happens before a session is created.
final class DeviceOutput {
  let library: PortAudioLibrary
  let stream: PortAudioOutput

  /// PortAudio opened and the output picked by (part of) its name, or the default.
  static func find(name: String?) throws -> (PortAudioLibrary, OutputDevice) {
    do {
      let library = try PortAudioLibrary()
      return (library, try library.outputDevice(matching: name))
    } catch let error as PortAudioError {
      throw failure(error)
    }
  }

  /// Opens the stream on `device` for `engine` (not started).
  init(device: (PortAudioLibrary, OutputDevice), engine: LiveEngine) throws {
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
  var description: String {
    let milliseconds = (stream.latencySec * 1000).formatted(.number.precision(.fractionLength(1)))
    return "device \(stream.device.name) (\(milliseconds) ms)"
  }
}
