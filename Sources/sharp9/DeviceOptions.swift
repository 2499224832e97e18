import ArgumentParser

/// Which audio output `sharp9 play` and `sharp9 app` play on.
struct DeviceOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The output device: (part of) a name from `sharp9 devices`.", valueName: "name"))
  var device: String?

  /// No device: the system clock paces the engine and the output goes only to the tee (tests).
  @Flag(help: .hidden)
  var noDevice = false
}
