import ArgumentParser

/// The device buffer `sharp9 play` and `sharp9 app` ask for: the same value as the pair's
/// calibration (`sharp9 devices --calibrate --buffer`), or the takes use no stored round trip.
struct DeviceBufferOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The least device buffer to ask for, in milliseconds (default: the device's lowest): more"
        + " survives a busy machine without dropouts, and is as late. Calibrate with the same.",
      valueName: "ms"))
  var buffer: Int = 0

  /// The buffer, checked: 0 to 1000 milliseconds.
  func milliseconds() throws -> Int {
    guard (0...1000).contains(buffer) else {
      throw CommandFailure(.usage, "invalid --buffer \(buffer): give 0 to 1000 milliseconds")
    }
    return buffer
  }
}
