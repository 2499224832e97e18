import ArgumentParser
import Sharp9Audio

/// `sharp9 devices`: the audio outputs `sharp9 play --device` and the inputs `--input` can pick.
struct DevicesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices",
    abstract:
      "List the audio devices: outputs (for --device NAME), inputs (for --input NAME).")

  func run() throws {
    let outputs: [OutputDevice]
    let inputs: [InputDevice]
    do {
      let library = try PortAudioLibrary()
      outputs = try library.outputDevices()
      inputs = try library.inputDevices()
    } catch let error as PortAudioError {
      throw CommandFailure(
        .unavailable,
        "cannot list audio devices: \(error.operation): \(error.detail). Start PulseAudio or"
          + " PipeWire.")
    }
    guard !outputs.isEmpty || !inputs.isEmpty else {
      throw CommandFailure(
        .unavailable, "no audio device was found. Start PulseAudio or PipeWire.")
    }
    var out = StandardOutput()
    for line in Self.table(outputs: outputs, inputs: inputs) { out.line(line) }
    try out.flush()
  }

  /// The listing: outputs first, then inputs, `*` marking each direction's default.
  static func table(outputs: [OutputDevice], inputs: [InputDevice]) -> [String] {
    var rows = [["", "device", "kind", "host", "channels", "rate", "latency"]]
    func row(
      _ isDefault: Bool, _ name: String, _ kind: String, _ host: String, _ channels: Int,
      _ rate: Double, _ latencySec: Double
    ) {
      let latency = (latencySec * 1000).formatted(.number.precision(.fractionLength(1)))
      rows.append([
        isDefault ? "*" : "", name, kind, host, String(channels), String(Int(rate)),
        "\(latency) ms",
      ])
    }
    for device in outputs {
      row(
        device.isDefault, device.name, "output", device.hostAPI, device.maxOutputChannels,
        device.defaultSampleRate, device.defaultLowLatencySec)
    }
    for device in inputs {
      row(
        device.isDefault, device.name, "input", device.hostAPI, device.maxInputChannels,
        device.defaultSampleRate, device.defaultLowLatencySec)
    }
    return TextTable.lines(rows, rightAligned: [4, 5, 6])
  }
}
