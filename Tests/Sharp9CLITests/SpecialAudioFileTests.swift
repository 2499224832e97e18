import Foundation
import Sharp9Domain
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every command that reads audio opens it through one path (`AudioFilePath`): a path naming a
/// directory, a FIFO, a device (`/dev/zero`, `/dev/null`) or a link to one is refused at once as
/// "not a regular file" (66), never read forever or waited on, and nothing is stored.
///
/// Generated: each special kind × each command and place that names audio (a script's header for
/// `import`, `record --audio`, `render --audio`, `timeline --audio`, `bundle --with-audio
/// --audio`, `play`, `peaks`, `beats`, `stretch`). Each run has a deadline, so a regression fails here
/// instead of hanging the suite.
@Suite struct SpecialAudioFileTests {
  static let deadline: Duration = .seconds(20)

  /// Paths of every special kind, made in `cli`'s folder (the devices are the machine's, only
  /// read).
  static func specialPaths(in cli: StoreCLI) throws -> [String] {
    let root = cli.directory.path
    try FileManager.default.createDirectory(
      atPath: root + "/a-folder.wav", withIntermediateDirectories: false)
    #expect(mkfifo(root + "/fifo.wav", 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/zero-link.wav", withDestinationPath: "/dev/zero")
    try FileManager.default.createSymbolicLink(
      atPath: root + "/fifo-link.wav", withDestinationPath: "fifo.wav")
    return [
      "a-folder.wav", "fifo.wav", "zero-link.wav", "fifo-link.wav", "/dev/zero", "/dev/null",
      root + "/fifo.wav",
    ]
  }

  @Test func everyCommandRefusesASpecialFileAsAudio() async throws {
    let cli = try StoreCLI()
    let id = try await cli.importSession(OutputFileTests.script, named: "out.jsonl", toneSeconds: 1)
    let paths = try Self.specialPaths(in: cli)
    let sessionsBefore = try await cli.run(["sessions", "--json"]).stdout
    var cases = 0
    for path in paths {
      let header = #"{"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"\#(path)"}}"#
      let script = try cli.file(
        "special.jsonl", header + "\n" + #"{"type":"togglePlay","t":0}"# + "\n")
      let commands: [(arguments: [String], database: Bool, input: String)] = [
        (["import", script], true, ""),
        (["record", "--audio", path], true, #"{"type":"togglePlay","t":0}"# + "\n"),
        (["render", id, "--audio", path, "-o", "out.wav"], true, ""),
        (["render", id, "--audio", path, "-o", "out.wav", "--allow-different-audio"], true, ""),
        (["timeline", id, "--audio", path], true, ""),
        (["bundle", id, "--with-audio", "--audio", path, "-o", "b.sharp9"], true, ""),
        (["play", path, "--no-device", "--new"], true, ""),
        (["peaks", path], false, ""),
        (["beats", path], false, ""),
        (["stretch", path, "out.wav"], false, ""),
      ]
      for command in commands {
        let result = try await cli.run(
          command.arguments, input: command.input, database: command.database,
          deadline: Self.deadline)
        cases += 1
        #expect(result.status == 66, "\(command.arguments): \(result.stderr)")
        #expect(
          result.stderr.contains("not a regular file"), "\(command.arguments): \(result.stderr)")
        #expect(!result.stderr.contains("no such file"), "\(command.arguments): \(result.stderr)")
      }
    }
    #expect(cases == paths.count * 10)
    #expect(try await cli.run(["sessions", "--json"]).stdout == sessionsBefore)
    for name in ["out.wav", "b.sharp9"] {
      #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(path: name).path))
    }
  }

  /// Damaged audio gets the same status from every command that reads a song (65: bad data; 66
  /// only for a file that is not there or not a file): empty, text, random bytes, a WAV header cut
  /// short, a WAV that promises more frames than it has.
  @Test func everyCommandGivesDamagedAudioTheSameStatus() async throws {
    let cli = try StoreCLI()
    var random = SplitMix64(seed: 21)
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 220, seconds: 1, sampleRate: 8_000))
    let tone = try Data(contentsOf: cli.directory.appending(path: "tone.wav"))
    let damaged: [(String, Data)] = [
      ("empty.wav", Data()), ("text.wav", Data("not audio at all\n".utf8)),
      ("noise.wav", Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) })),
      ("header.wav", tone.prefix(20)), ("short.wav", tone.prefix(tone.count / 2)),
    ]
    for (name, bytes) in damaged {
      try bytes.write(to: cli.directory.appending(path: name))
      for arguments in [
        ["play", name, "--no-device", "--new"], ["peaks", name], ["beats", name],
        ["stretch", name, "out-\(name)"],
      ] {
        let result = try await cli.run(
          arguments, database: arguments[0] == "play", deadline: Self.deadline)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        #expect(
          result.stderr.hasPrefix("sharp9: error: cannot read '"), "\(arguments): \(result.stderr)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: cli.database), "play stored nothing")
  }
}
