import ArgumentParser
import Sharp9Audio

/// `sharp9 devices`: the audio outputs `sharp9 play --device` can pick.
struct DevicesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices",
    abstract: "List the audio output devices (for sharp9 play --device NAME).")

  func run() throws {
    let devices: [OutputDevice]
    do {
      devices = try PortAudioLibrary().outputDevices()
    } catch let error as PortAudioError {
      throw CommandFailure(
        .unavailable,
        "cannot list audio outputs: \(error.operation): \(error.detail). Start PulseAudio or"
          + " PipeWire.")
    }
    var out = StandardOutput()
    guard !devices.isEmpty else {
      throw CommandFailure(
        .unavailable, "no audio output device was found. Start PulseAudio or PipeWire.")
    }
    var rows = [["", "device", "host", "channels", "rate", "latency"]]
    for device in devices {
      let latency = (device.defaultLowLatencySec * 1000).formatted(
        .number.precision(.fractionLength(1)))
      rows.append([
        device.isDefault ? "*" : "", device.name, device.hostAPI, String(device.maxOutputChannels),
        String(Int(device.defaultSampleRate)), "\(latency) ms",
      ])
    }
    for line in TextTable.lines(rows, rightAligned: [3, 4, 5]) { out.line(line) }
    try out.flush()
  }
}
