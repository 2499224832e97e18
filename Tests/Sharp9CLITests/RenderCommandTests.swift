import Foundation
import Sharp9Store
import Testing

/// End-to-end tests of `sharp9 timeline` and `sharp9 render`: the built binary as a real process.
@Suite struct RenderCommandTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"loop"}}
    {"type":"importPicked","url":"tone.wav","t":0}
    {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":2},"t":0.1}
    {"type":"togglePlay","t":0.5}
    {"type":"setA","timeSec":0.25,"t":1}
    {"type":"setB","timeSec":0.75,"t":1}
    {"type":"toggleLoopEnabled","enabled":true,"t":1}
    {"type":"tick","currentTimeSec":0.53,"t":1.5}
    {"type":"speedDelta","delta":-0.05,"t":2}
    {"type":"togglePlay","t":2.5}
    {"type":"clearToastIfExpired","t":3}

    """

  /// A test directory with `tone.wav` (2 s, 8 kHz) and the session imported; returns its id.
  private func importSession(_ cli: StoreCLI) async throws -> String {
    try await cli.importSession(Self.script, named: "loop.jsonl", toneSeconds: 2)
  }

  @Test func importRecordsTheAudioFormat() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let session = try EventStore(path: cli.database, mode: .mustExist).session(matching: id)
    #expect(session.audio?.frames == 16_000)
    #expect(session.audio?.sampleRate == 8_000)
    #expect(session.audio?.channels == 1)
    #expect(session.audio?.sha256?.count == 64)
  }

  @Test func timelinePrintsTheSegmentsAndTheDriftReport() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let result = try await cli.run(["timeline", id, "--report"])
    #expect(
      result
        == .init(
          status: 0,
          stdout: """
            wall               source              speed    pitch  state    began with
            00:00.00–00:00.50  00:00.00           1.00 x  0.00 st  paused   load
            00:00.50–00:01.00  00:00.00→00:00.50  1.00 x  0.00 st  playing  play
            00:01.00–00:01.25  00:00.50→00:00.75  1.00 x  0.00 st  playing  loop
            00:01.25–00:01.75  00:00.25→00:00.75  1.00 x  0.00 st  playing  wrap (looped)
            00:01.75–00:02.00  00:00.25→00:00.50  1.00 x  0.00 st  playing  wrap (looped)
            00:02.00–00:02.26  00:00.50→00:00.75  0.95 x  0.00 st  playing  speed
            00:02.26–00:02.50  00:00.25→00:00.47  0.95 x  0.00 st  playing  wrap (looped)
            00:02.50–00:03.00  00:00.47           0.95 x  0.00 st  paused   pause
            drift: 1 tick compared with the model, mean |drift| 0.030 s
            largest: +0.030 s at event 7 (t 00:01.50): engine reported 00:00.53, model says 00:00.50

            """, stderr: ""))
  }

  /// A session script with the grid's lines: the count-in holds the playhead in the timeline,
  /// the metronome clicks in the render, and the render is the same every time.
  static let clickScript = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"clicks"}}
    {"type":"importPicked","url":"tone.wav","t":0}
    {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":2},"t":0.1}
    {"type":"beatGridDetected","grid":{"tempo":120,"beats":[0,0.5,1,1.5],"downbeats":[0]},"t":0.1}
    {"type":"setCountIn","beats":2,"everyPass":false,"t":0.2}
    {"type":"setMetronome","enabled":true,"level":0.5,"t":0.2}
    {"type":"togglePlay","t":0.5}
    {"type":"togglePlay","t":2.5}
    {"type":"clearToastIfExpired","t":3}

    """

  @Test func countInAndMetronomeLinesPlayInTheTimelineAndTheRender() async throws {
    let cli = try StoreCLI()
    let id = try await cli.importSession(Self.clickScript, named: "clicks.jsonl", toneSeconds: 2)
    let timeline = try await cli.run(["timeline", id])
    #expect(
      timeline
        == .init(
          status: 0,
          stdout: """
            wall               source              speed    pitch  state     began with
            00:00.00–00:00.50  00:00.00           1.00 x  0.00 st  paused    load
            00:00.50–00:01.50  00:00.00           1.00 x  0.00 st  count-in  play
            00:01.50–00:02.50  00:00.00→00:01.00  1.00 x  0.00 st  playing   play
            00:02.50–00:03.00  00:01.00           1.00 x  0.00 st  paused    pause

            """, stderr: ""))
    let state = try await cli.run(["state", id, "--json"])
    #expect(state.stdout.contains(#""countInBeats":2"#))
    _ = try await cli.run(["render", id, "-o", "first.wav", "--bits", "float"])
    _ = try await cli.run(["render", id, "-o", "second.wav", "--bits", "float"])
    let first = try Data(contentsOf: cli.directory.appending(path: "first.wav"))
    let second = try Data(contentsOf: cli.directory.appending(path: "second.wav"))
    #expect(first == second)
    // The clicks are in it: the same session without the metronome and count-in differs.
    let silent = Self.clickScript.split(separator: "\n").filter {
      !$0.contains("setCountIn") && !$0.contains("setMetronome")
    }.joined(separator: "\n")
    let plainID = try await cli.importSession(silent + "\n", named: "plain.jsonl", toneSeconds: 2)
    _ = try await cli.run(["render", plainID, "-o", "plain.wav", "--bits", "float"])
    #expect(try Data(contentsOf: cli.directory.appending(path: "plain.wav")) != first)
  }

  @Test func timelineJSONIsOneSegmentPerLine() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let result = try await cli.run(["timeline", id, "--json"])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 8)
    let expected =
      #"{"wallStartSec":0,"wallEndSec":0.5,"sourceStartSec":0,"sourceEndSec":0,"speed":1,"#
      + #""pitchSemitones":0,"isPlaying":false,"start":"load","looped":false}"#
    #expect(lines.first.map(String.init) == expected)
  }

  @Test func renderWritesWallClockAudioIdenticallyEveryTime() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let first = try await cli.run(["render", id, "-o", "first.wav"])
    #expect(
      first
        == .init(
          status: 0, stdout: "rendered 00:03.00 of session \(id) (8000 Hz, 1 ch) to first.wav\n",
          stderr: ""))
    _ = try await cli.run(["render", id, "-o", "second.wav"])
    let a = try Data(contentsOf: cli.directory.appending(path: "first.wav"))
    let b = try Data(contentsOf: cli.directory.appending(path: "second.wav"))
    #expect(a == b)
    // 3 s of 24-bit mono at 8 kHz after the 44-byte header.
    #expect(a.count == 44 + 3 * 8_000 * 3)
  }

  @Test func skipPausesAndWindowShortenTheOutput() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let result = try await cli.run(
      ["render", id, "-o", "part.flac", "--from", "0:00.75", "--to", "2.75", "--skip-pauses"])
    // 1.75 s played (0.75 → 2.5) plus the pause's 5 ms fade-out tail.
    #expect(
      result.stdout == "rendered 00:01.75 of session \(id) (8000 Hz, 1 ch) to part.flac\n")
    #expect(result.status == 0)
  }

  @Test func missingAudioIsAClearErrorAndWritesNothing() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    try FileManager.default.removeItem(at: cli.directory.appending(path: "tone.wav"))
    let result = try await cli.run(["render", id, "-o", "out.wav"])
    #expect(
      result
        == .init(
          status: 66, stdout: "",
          stderr:
            "sharp9: error: cannot read the audio file tone.wav: it is missing or unreadable. Pass"
            + " --audio PATH to use a copy elsewhere\n"))
    let files = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path)
    #expect(!files.contains { $0.contains("out.wav") })
  }

  /// A script's relative audio path is found next to the script at import; render and timeline,
  /// run from another directory, find it there too, and export still writes the path as given.
  @Test func audioNextToTheScriptIsFoundFromAnotherDirectory() async throws {
    let cli = try StoreCLI()
    let practice = cli.directory.appending(path: "practice")
    try FileManager.default.createDirectory(at: practice, withIntermediateDirectories: true)
    try WaveFile.write(
      practice.appending(path: "tone.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 220, seconds: 2, sampleRate: 8_000))
    let imported = try await cli.run(["import", try cli.file("practice/loop.jsonl", Self.script)])
    let id = try #require(imported.stdout.split(separator: "\n").last.map(String.init))
    let session = try EventStore(path: cli.database, mode: .mustExist).session(matching: id)
    #expect(session.audio?.path == "tone.wav")
    #expect(
      session.audio?.locatedPath == practice.appending(path: "tone.wav").standardizedFileURL.path)
    let rendered = try await cli.run(["render", id, "-o", "out.wav"])
    #expect(
      rendered
        == .init(
          status: 0, stdout: "rendered 00:03.00 of session \(id) (8000 Hz, 1 ch) to out.wav\n",
          stderr: ""))
    let exported = try await cli.run(["export", id])
    #expect(
      exported.stdout.hasPrefix(
        #"{"session":{"startedAt":"2026-11-21T19:00:00.000Z","#
          + #""audio":"tone.wav","#))
  }

  @Test func mismatchedAudioIsRefusedUnlessForced() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    try WaveFile.write(
      cli.directory.appending(path: "other.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 330, seconds: 2, sampleRate: 8_000))
    let refused = try await cli.run(["render", id, "-o", "out.wav", "--audio", "other.wav"])
    #expect(refused.status == 65)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr.hasPrefix(
        "sharp9: error: cannot use the audio file other.wav: it is not the session's audio"))
    #expect(refused.stderr.hasSuffix(". Pass --allow-different-audio to render it anyway\n"))
    #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(path: "out.wav").path))
    let forced = try await cli.run(
      ["render", id, "-o", "out.wav", "--audio", "other.wav", "--allow-different-audio"])
    #expect(forced.status == 0)
    #expect(FileManager.default.fileExists(atPath: cli.directory.appending(path: "out.wav").path))
  }

  @Test func toMustBeLaterThanFrom() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let result = try await cli.run(["render", id, "-o", "x.wav", "--from", "2", "--to", "1"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "sharp9: error: invalid command line: --to must be later than --from. See `sharp9 render --help`\n"
    )
  }

  /// W11: a session whose track arrives by `importSucceeded` alone plays in the timeline (and
  /// so in the render) exactly when the reducer says it plays.
  @Test func importSucceededWithoutImportPickedPlays() async throws {
    let cli = try StoreCLI()
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 220, seconds: 2, sampleRate: 8_000))
    let script = """
      {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"bare"}}
      {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":2},"t":0}
      {"type":"togglePlay","t":0.5}
      {"type":"togglePlay","t":1}

      """
    let id = try await cli.run(["import", try cli.file("bare.jsonl", script)]).stdout
      .trimmingCharacters(in: .newlines)
    let state = try await cli.run(["state", id, "--at", "2", "--json"])
    #expect(state.stdout.contains(#""isPlaying":true"#))
    let timeline = try await cli.run(["timeline", id])
    #expect(
      timeline.stdout.contains("00:00.50–00:01.00  00:00.00→00:00.50  1.00 x  0.00 st  playing"),
      "\(timeline.stdout)")
  }
}
