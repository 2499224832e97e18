import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// D1/D2 and W9: no command writes its output over one of its inputs, replaces an unrelated file
/// without `--force`, or writes a format other than the one the output's name says.
@Suite struct OutputFileTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"out"}}
    {"type":"importPicked","url":"tone.wav","t":0}
    {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":1},"t":0.1}
    {"type":"togglePlay","t":0.2}
    {"type":"togglePlay","t":0.6}

    """

  private func importSession(_ cli: StoreCLI) async throws -> String {
    try await cli.importSession(Self.script, named: "out.jsonl", toneSeconds: 1)
  }

  private func bytes(_ cli: StoreCLI, _ name: String) throws -> Data {
    try Data(contentsOf: cli.directory.appending(path: name))
  }

  @Test func noOutputIsWrittenOverAnInput() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    _ = try await cli.run(["state", id])  // leaves the -wal/-shm beside the database
    let database = try bytes(cli, "sharp9.sqlite")
    let audio = try bytes(cli, "tone.wav")
    let attempts: [([String], String)] = [
      (["render", id, "-o", cli.database], "it is the database."),
      (["render", id, "-o", "./sharp9.sqlite", "--force"], "it is the database."),
      (["render", id, "-o", cli.database + "-wal", "--force"], "it is the database's write-ahead"),
      (["render", id, "-o", "tone.wav", "--force"], "it is the session's source audio."),
      (["bundle", id, "-o", cli.database + "-shm", "--force"], "it is the database's shared"),
      (["stretch", "tone.wav", "tone.wav", "--force"], "it is the input being stretched."),
    ]
    for (arguments, reason) in attempts {
      let result = try await cli.run(arguments, database: arguments[0] != "stretch")
      #expect(result.status == 73, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("sharp9: error: will not write "), "\(arguments)")
      #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
    }
    try FileManager.default.createSymbolicLink(
      atPath: cli.directory.appending(path: "link.wav").path, withDestinationPath: "tone.wav")
    let linked = try await cli.run(["stretch", "tone.wav", "link.wav", "--force"], database: false)
    #expect(linked.status == 73, "\(linked.stderr)")
    // A pipe stands for every non-regular file (a device such as /dev/null, a socket): the
    // renamed temporary file would replace the node itself. (A private FIFO, so a regression
    // cannot damage the machine's devices.)
    let fifo = cli.directory.appending(path: "pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for arguments in [
      ["export", id, "-o", fifo, "--force"], ["render", id, "-o", fifo, "--force"],
      ["bundle", id, "-o", fifo, "--force"],
    ] {
      let result = try await cli.run(arguments)
      #expect(result.status == 73, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("it is not a regular file"), "\(result.stderr)")
      var status = stat()
      #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "\(arguments)")
    }
    #expect(try bytes(cli, "tone.wav") == audio)
    #expect(try bytes(cli, "sharp9.sqlite") == database)
  }

  @Test func anExistingFileIsReplacedOnlyWithForce() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let notes = try cli.file("notes.txt", "my practice notes\n")
    let wav = try cli.file("old.wav", "an older render\n")
    let attempts: [[String]] = [
      ["bundle", id, "-o", notes], ["render", id, "-o", wav], ["export", id, "-o", notes],
      ["stretch", "tone.wav", wav], ["stretch", "tone.wav", "-o", wav],
    ]
    for arguments in attempts {
      let result = try await cli.run(arguments, database: arguments[0] != "stretch")
      #expect(result.status == 73, "\(arguments)")
      #expect(
        result.stderr.contains("it exists. Pass --force to replace it"), "\(result.stderr)")
    }
    #expect(try bytes(cli, "notes.txt") == Data("my practice notes\n".utf8))
    #expect(try bytes(cli, "old.wav") == Data("an older render\n".utf8))
    let exported = try await cli.run(["export", id, "-o", "take.jsonl"])
    #expect(exported.status == 0 && exported.stdout == "")
    #expect(try bytes(cli, "take.jsonl") == Data(try await cli.run(["export", id]).stdout.utf8))
    let stretched = try await cli.run(
      ["stretch", "tone.wav", "-o", "slow.wav", "--speed", "0.5"], database: false)
    #expect(stretched.status == 0, "\(stretched.stderr)")
    let forced = try await cli.run(["render", id, "-o", wav, "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try bytes(cli, "old.wav").prefix(4) == Data("RIFF".utf8))
  }

  /// W9: the extension decides the format, and a name no format matches is refused before
  /// anything is written.
  @Test func theOutputIsTheFormatItsNameSays() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let magic: [(String, String)] = [
      ("x.flac", "fLaC"), ("x.ogg", "OggS"), ("x.aiff", "FORM"), ("x.wav", "RIFF"),
    ]
    for (name, header) in magic {
      let render = try await cli.run(["render", id, "-o", name])
      #expect(render.status == 0, "\(name): \(render.stderr)")
      #expect(try bytes(cli, name).prefix(4) == Data(header.utf8), "\(name)")
      let stretched = "s-" + name
      let stretch = try await cli.run(["stretch", "tone.wav", stretched], database: false)
      #expect(stretch.status == 0, "\(stretched): \(stretch.stderr)")
      #expect(try bytes(cli, stretched).prefix(4) == Data(header.utf8), "\(stretched)")
    }
    let mp3 = try await cli.run(["render", id, "-o", "x.mp3"])
    if mp3.status == 0 {
      let head = try bytes(cli, "x.mp3").prefix(3)
      #expect(head == Data("ID3".utf8) || head.first == 0xFF, "x.mp3 is not MP3")
    } else {
      #expect(mp3.status == 64, "\(mp3.stderr)")
      #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(path: "x.mp3").path))
    }
    for arguments in [["render", id, "-o", "x.m4a"], ["stretch", "tone.wav", "x.m4a"]] {
      let result = try await cli.run(arguments, database: arguments[0] == "render")
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains(".m4a is not wav, flac, aiff, ogg, opus or mp3"))
      #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(path: "x.m4a").path))
    }
    let bits = try await cli.run(["render", id, "-o", "16.wav", "--bits", "16"])
    #expect(bits.status == 0)
    #expect(try bytes(cli, "16.wav")[34] == 16)  // bits per sample in the fmt chunk
  }
}
