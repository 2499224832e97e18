import Foundation
import Testing

/// Issue 21, S2: every numeric option and argument of the CLI, with the extremes a hostile or
/// careless caller types. Each whole command line must end as a command ends (0, or a usage or
/// data error: 64, 65, 66) within its time limit, never by a signal (a trap is SIGILL or
/// SIGTRAP), and a refusal is one line on standard error.
@Suite struct HostileNumberTests {
  /// Numbers no option takes as they are, and a few that are almost ordinary.
  static let extremes = [
    "-9223372036854775808", "9223372036854775807", "9223372036854775808",
    "18446744073709551615", "18446744073709551616", "-1", "-0", "0", "1e308", "-1e308", "nan",
    "-nan", "inf", "-inf", "1e-320", "99999999999999999999999999999999999999999", "0x10", "1.5",
    "", " 7", "\u{2212}9223372036854775808", "9223372036854775807:00",
  ]

  /// The command lines with `X` standing for the number; `ID`, `SCRIPT`, `WAV` and `OUT` are
  /// filled in per run.
  static let commands: [[String]] = [
    ["state", "ID", "--at", "X"],
    ["state", "ID", "--time-random-points", "X"],
    ["history", "ID", "--at", "X"],
    ["diff", "ID", "X", "2"],
    ["diff", "ID", "2", "X"],
    ["fork", "ID", "--at", "X"],
    ["reduce", "SCRIPT", "--at", "X"],
    ["render", "ID", "-o", "OUT.wav", "--from", "X"],
    ["render", "ID", "-o", "OUT.wav", "--to", "X"],
    ["peaks", "WAV", "--buckets", "X"],
    ["fuzz", "--seed", "X", "--events", "20"],
    ["fuzz", "--events", "X"],
    ["fuzz", "--runs", "X", "--events", "5"],
    ["stretch", "WAV", "OUT.wav", "--speed", "X"],
    ["stretch", "WAV", "OUT.wav", "--pitch", "X"],
    ["minimize", "ID", "--until", "false", "--timeout", "X"],
  ]

  @Test(arguments: commands)
  func aNumberFromOutsideNeverTraps(command: [String]) async throws {
    let cli = try StoreCLI()
    let wav = cli.directory.appending(path: "tone.wav")
    try WaveFile.write(
      wav, sampleRate: 8_000, samples: WaveFile.sine(hertz: 220, seconds: 2, sampleRate: 8_000))
    let script = try cli.file("loop.jsonl", RenderCommandTests.script)
    let id = try #require(
      try await cli.run(["import", script]).stdout.split(separator: "\n").last.map(String.init))
    for (index, value) in Self.extremes.enumerated() {
      let arguments = command.map { word in
        switch word {
        case "X": value
        case "ID": id
        case "SCRIPT": script
        case "WAV": wav.path
        case "OUT.wav": cli.directory.appending(path: "out-\(index).wav").path
        default: word
        }
      }
      let line = arguments.joined(separator: " ")
      let ended = try await Self.run(cli.process(arguments), seconds: 60)
      #expect(ended.signal == nil, "killed by signal \(ended.signal ?? 0): sharp9 \(line)")
      #expect([0, 64, 65, 66].contains(ended.status), "exit \(ended.status): sharp9 \(line)")
      if ended.status != 0 && ended.signal == nil {
        let errors = ended.stderr.split(separator: "\n").filter { $0.contains("error") }
        #expect(
          errors.count == 1 && errors[0].hasPrefix("sharp9: error:"),
          "sharp9 \(line): \(ended.stderr)")
      }
    }
  }

  /// How a process ended: its exit status, or the signal that killed it (a hang past `seconds`
  /// is killed and reported as SIGKILL).
  struct Ended {
    var status: Int32
    var signal: Int32?
    var stderr: String
  }

  static func run(_ process: Process, seconds: Double) async throws -> Ended {
    let (stdout, stderr) = (Pipe(), Pipe())
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let output = Task.detached { stdout.fileHandleForReading.readDataToEndOfFile() }
    let errors = Task.detached { stderr.fileHandleForReading.readDataToEndOfFile() }
    let deadline = ContinuousClock.now + .seconds(seconds)
    while process.isRunning && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    _ = await output.value
    let text = String(decoding: await errors.value, as: UTF8.self)
    let signaled = process.terminationReason == .uncaughtSignal
    return Ended(
      status: signaled ? -1 : process.terminationStatus,
      signal: signaled ? process.terminationStatus : nil, stderr: text)
  }
}
