import Foundation
import HostileBundles
import Testing

/// `sharp9 render --with-takes` and `--takes-only`: the session's takes on the frames they were
/// recorded at, found in the take library beside the database by their SHA-256.
@Suite struct RenderTakesTests {
  static let song = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"takes"}}
    {"type":"importPicked","url":"tone.wav","t":0}
    {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":2},"t":0.1}
    {"type":"togglePlay","t":0.5}
    {"type":"togglePlay","t":2.5}

    """

  /// A session with one take (a stretch of the song rendered to FLAC, kept under its hash in
  /// `takes/`) recorded from session frame 8,000 (1 s at 8 kHz); returns its id and the take.
  static func sessionWithTake(_ cli: StoreCLI) async throws -> (id: String, take: URL) {
    let plain = try await cli.importSession(Self.song, named: "plain.jsonl", toneSeconds: 2)
    let made = cli.directory.appending(path: "made.flac")
    let render = try await cli.run([
      "render", plain, "-o", made.path, "--from", "0.6", "--to", "1.1",
    ])
    #expect(render.status == 0)
    let bytes = try Data(contentsOf: made)
    let hash = HostileAudioRow.hexSHA256(bytes)
    let takes = cli.directory.appending(path: "takes")
    try FileManager.default.createDirectory(at: takes, withIntermediateDirectories: true)
    let take = takes.appending(path: "\(hash).flac")
    try bytes.write(to: take)
    let line = """
      {"type":"takeRecorded","take":{"startFrame":8000,"endFrame":12000,"pass":null,\
      "input":"pulse","sha256":"\(hash)","dropouts":0,"latencyFrames":0},"t":2.6}

      """
    let id = try await cli.importSession(Self.song + line, named: "take.jsonl", toneSeconds: 2)
    return (id, take)
  }

  /// The float samples of a WAV file sharp9 wrote with `--sample float`.
  static func floats(_ path: URL) throws -> [Float] {
    let bytes = [UInt8](try Data(contentsOf: path))
    func word(_ at: Int) -> Int {
      Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
        | Int(bytes[at + 3]) << 24
    }
    var offset = 12
    while offset + 8 <= bytes.count {
      let size = word(offset + 4)
      if bytes[offset..<(offset + 4)].elementsEqual("data".utf8) {
        return stride(from: offset + 8, to: offset + 8 + size, by: 4).map {
          Float(bitPattern: UInt32(truncatingIfNeeded: word($0)))
        }
      }
      offset += 8 + size + size % 2
    }
    Issue.record("no data chunk in \(path.lastPathComponent)")
    return []
  }

  @Test func takesSoundAloneOrMixedOnTheirFramesTheSameEveryTime() async throws {
    let cli = try StoreCLI()
    let (id, _) = try await Self.sessionWithTake(cli)
    var rendered: [String: URL] = [:]
    for (name, flags) in [
      ("plain", [String]()), ("only", ["--takes-only"]), ("again", ["--takes-only"]),
      ("with", ["--with-takes"]),
    ] {
      let url = cli.directory.appending(path: "\(name).wav")
      let result = try await cli.run(
        ["render", id, "-o", url.path, "--sample", "float"] + flags)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      rendered[name] = url
    }
    let plain = try Self.floats(try #require(rendered["plain"]))
    let only = try Self.floats(try #require(rendered["only"]))
    let with = try Self.floats(try #require(rendered["with"]))
    #expect(
      HostileAudioRow.hexSHA256(try Data(contentsOf: try #require(rendered["again"])))
        == HostileAudioRow.hexSHA256(try Data(contentsOf: try #require(rendered["only"]))))
    #expect(plain.count == only.count && plain.count == with.count && plain.count >= 20_000)
    // Silence outside the take's frames, the take inside (the song played there: not silent).
    #expect(only[..<8_000].allSatisfy { $0 == 0 } && only[12_000...].allSatisfy { $0 == 0 })
    #expect(only[8_000..<12_000].contains { abs($0) > 0.1 })
    // The mix is the song plus the take, sample for sample.
    #expect(zip(plain, only).map { $0 + $1 } == with)
  }

  @Test func aMissingOrChangedTakeIsOneErrorAndNoOutput() async throws {
    let cli = try StoreCLI()
    let (id, take) = try await Self.sessionWithTake(cli)
    var bytes = try Data(contentsOf: take)
    bytes[bytes.count - 1] ^= 1
    try bytes.write(to: take)
    let out = cli.directory.appending(path: "out.wav")
    let changed = try await cli.run(["render", id, "-o", out.path, "--with-takes"])
    #expect(changed.status == 65)
    #expect(changed.stderr.hasPrefix("sharp9: error: cannot render take takes/"))
    #expect(changed.stderr.split(separator: "\n").count == 1)
    try FileManager.default.removeItem(at: take)
    let missing = try await cli.run(["render", id, "-o", out.path, "--takes-only"])
    #expect(missing.status == 66)
    #expect(missing.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func takesCannotSkipPausesOrBeBothAloneAndMixed() async throws {
    let cli = try StoreCLI()
    let id = try await cli.importSession(Self.song, named: "plain.jsonl", toneSeconds: 2)
    let both = try await cli.run(["render", id, "-o", "x.wav", "--with-takes", "--takes-only"])
    #expect(both.status == 64)
    let skip = try await cli.run(["render", id, "-o", "x.wav", "--with-takes", "--skip-pauses"])
    #expect(skip.status == 64)
  }
}
