import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Store

/// `sharp9 devices`: the audio outputs `sharp9 play --device` and the inputs `--input` can pick;
/// with `--calibrate`, the round trip of a pair measured and stored for recording.
struct DevicesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices",
    abstract:
      "List the audio devices: outputs (for --device NAME), inputs (for --input NAME).",
    discussion: """
      --calibrate measures the round trip from an output to an input (connect them: a cable, \
      or a microphone near the speaker) by playing bursts of noise and finding them in what \
      the input recorded, and stores it in the database; `sharp9 play` subtracts it from \
      every take recorded with that pair, so takes line up with the song.
      """)

  @Flag(help: "Measure the round trip from --device to --input and store it for recording.")
  var calibrate = false

  @Option(
    help: ArgumentHelp(
      "The output to calibrate: (part of) a name from the list (default: the system's).",
      valueName: "name"))
  var device: String?

  @Option(
    help: ArgumentHelp(
      "The input to calibrate: (part of) a name from the list (default: the system's).",
      valueName: "name"))
  var input: String?

  @Option(
    help: ArgumentHelp(
      "The sample rate to calibrate at: the rate of the songs you record over (default: 44100).",
      valueName: "hz"))
  var rate: Int = 44_100

  @Option(
    help: ArgumentHelp(
      "The least device buffer to calibrate with, in milliseconds: the --buffer you play with.",
      valueName: "ms"))
  var buffer: Int = 0

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    if !calibrate, device != nil || input != nil || buffer != 0 {
      throw ValidationError("--device, --input and --buffer are for --calibrate.")
    }
    guard (8_000...384_000).contains(rate) else {
      throw ValidationError("--rate must be 8000 to 384000 Hz.")
    }
    guard (0...1000).contains(buffer) else {
      throw ValidationError("--buffer must be 0 to 1000 milliseconds.")
    }
  }

  func run() throws {
    if calibrate { return try runCalibration() }
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

extension DevicesCommand {
  /// How many times the signal is played before a pair that drops out every time is given up.
  static let attempts = 4

  /// Plays the test signal on the pair, measures the round trip and stores it.
  private func runCalibration() throws {
    let path = try database.sqlitePath(for: "calibrate devices")
    let (library, output) = try DeviceOutput.find(name: device)
    guard let input = try DeviceOutput.findInput(name: input, library: library) else {
      throw CommandFailure(
        .unavailable,
        "cannot calibrate: no audio input was found. Connect one, or start PulseAudio or"
          + " PipeWire")
    }
    let signal = LoopbackLatency(sampleRate: rate)
    let framesPerCallback = PlayCommand.framesPerCallback
    let milliseconds = { (frames: Int64) in
      (Double(frames) * 1000 / Double(rate)).formatted(.number.precision(.fractionLength(2)))
    }
    var measured: LoopbackLatency.Measurement?
    var reported: Int64?
    var unsteady = ""
    // A dropout moves the round trip (the device restarts its buffers): such a run is played
    // again, up to `attempts` times, and only a run without one is kept.
    for _ in 0..<Self.attempts where measured == nil {
      let recording: LoopbackProbe.Recording
      do {
        recording = try LoopbackProbe.run(
          signal: signal.signal(), output: output, input: input, sampleRate: rate,
          framesPerCallback: framesPerCallback, bufferMilliseconds: buffer, library: library)
      } catch let error as PortAudioError {
        throw CommandFailure(
          .unavailable,
          "cannot calibrate \(output.name) with \(input.name) at \(rate) Hz:"
            + " \(error.operation): \(error.detail). Pick another pair or rate")
      }
      let measurement: LoopbackLatency.Measurement
      do {
        measurement = try signal.measure(recording.samples)
      } catch LoopbackLatency.Failure.noEcho where recording.dropouts > 0 {
        // The dropouts may have lost the bursts: play it again.
        unsteady = "the device dropped out (\(recording.dropouts) times)"
        continue
      } catch LoopbackLatency.Failure.noEcho(let best) {
        let percent = (best * 100).formatted(.number.precision(.fractionLength(0)))
        throw CommandFailure(
          .unavailable,
          "cannot calibrate: \(input.name) did not hear \(output.name) (best match"
            + " \(percent)%). Connect the output to the input (a cable, or the microphone near"
            + " the speaker) and turn the volume up")
      }
      // More than a millisecond between bursts: the pair is not on one clock, or dropped out;
      // a latency stored from that would misplace every take.
      if recording.dropouts == 0, Double(measurement.spreadFrames) * 1000 / Double(rate) <= 1 {
        measured = measurement
        reported = recording.reportedRoundTripFrames
      } else {
        unsteady =
          "the round trip varied by \(milliseconds(measurement.spreadFrames)) ms between bursts"
          + " (\(recording.dropouts) dropouts)"
      }
    }
    guard let measurement = measured else {
      throw CommandFailure(
        .unavailable,
        "cannot calibrate: in \(Self.attempts) tries, \(unsteady). Close other audio programs"
          + " and calibrate again")
    }
    let store = try EventStore(path: path, mode: .createIfMissing)
    try store.saveCalibration(
      DeviceCalibration(
        output: output.name, input: input.name, sampleRate: rate,
        framesPerCallback: framesPerCallback, bufferMilliseconds: buffer,
        latencyFrames: measurement.latencyFrames,
        spreadFrames: measurement.spreadFrames, reportedFrames: reported, measuredAt: Date()))
    var out = StandardOutput()
    out.line(
      "round trip \(output.name) → \(input.name): \(milliseconds(measurement.latencyFrames)) ms"
        + " (\(measurement.latencyFrames) frames at \(rate) Hz, \(measurement.burstsHeard) of"
        + " \(LoopbackLatency.bursts) bursts, spread \(measurement.spreadFrames) frames)")
    out.line(
      "stored: takes recorded with this pair are moved back by it"
        + (reported.map {
          " (the device reports \($0) frames; a session whose report differs moves by as much)"
        } ?? ""))
    try out.flush()
  }
}
