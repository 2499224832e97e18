import Foundation
import Testing

/// `sharp9 loops SONG`: a song's saved loops listed, exported as JSON and imported from it, and
/// every bad import refused whole with one line and nothing stored.
@Suite struct LoopsCommandTests {
  /// A 5-second WAV (the player test's track generator) in the CLI's scratch folder.
  static func song(_ cli: StoreCLI) throws -> String {
    let path = cli.directory.appending(path: "song.wav").path
    let generator = Process()
    generator.executableURL = URL(filePath: "/usr/bin/env")
    generator.arguments = [
      "python3",
      URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "scripts/player-audio.py").path,
      "track", path, "5",
    ]
    try generator.run()
    generator.waitUntilExit()
    #expect(generator.terminationStatus == 0)
    return path
  }

  @Test func importListExportRoundTrip() async throws {
    let cli = try StoreCLI()
    let song = try Self.song(cli)
    let file = try cli.file(
      "loops.json",
      #"{"loops":[{"name":"verse","aSec":1,"bSec":2},{"name":"end","aSec":4,"bSec":5}]}"#)
    let imported = try await cli.run(["loops", song, "--import", file])
    #expect(
      imported.status == 0 && imported.stdout == "2 loops and 0 sections for song.wav\n",
      "\(imported)")
    let listed = try await cli.run(["loops", song])
    #expect(
      listed.stdout == """
        #  NAME   A         B
        1  verse  00:01.00  00:02.00
        2  end    00:04.00  00:05.00

        """, "\(listed)")
    let exported = try await cli.run(["loops", song, "--json"])
    #expect(exported.stdout.hasPrefix(#"{"song":""#))
    #expect(
      exported.stdout.hasSuffix(
        #"","loops":[{"name":"verse","aSec":1,"bSec":2},{"name":"end","aSec":4,"bSec":5}],"#
          + #""sections":[]}"# + "\n"))
    // What --json prints, --import takes back unchanged.
    let again = try cli.file("again.json", exported.stdout)
    #expect(try await cli.run(["loops", song, "--import", again]).status == 0)
    #expect(try await cli.run(["loops", song, "--json"]).stdout == exported.stdout)
  }

  /// Sections come and go with the loops: listed after them, exported and imported; a file
  /// without sections (written before they existed) keeps the song's.
  @Test func sectionsImportListAndExport() async throws {
    let cli = try StoreCLI()
    let song = try Self.song(cli)
    let file = try cli.file(
      "marks.json",
      #"{"loops":[{"name":"verse","aSec":1,"bSec":2}],"sections":[{"name":"Intro","timeSec":0},"#
        + #"{"name":"Solo","timeSec":3.5}]}"#)
    let imported = try await cli.run(["loops", song, "--import", file])
    #expect(imported.stdout == "1 loop and 2 sections for song.wav\n", "\(imported)")
    let listed = try await cli.run(["loops", song])
    #expect(
      listed.stdout == """
        #  NAME   A         B
        1  verse  00:01.00  00:02.00

        #  SECTION  AT
        1  Intro    00:00.00
        2  Solo     00:03.50

        """, "\(listed)")
    let loopsOnly = try cli.file("old.json", #"{"loops":[]}"#)
    let kept = try await cli.run(["loops", song, "--import", loopsOnly])
    #expect(kept.stdout == "0 loops and 2 sections for song.wav\n", "\(kept)")
    #expect(
      try await cli.run(["loops", song, "--json"]).stdout.hasSuffix(
        #""loops":[],"sections":[{"name":"Intro","timeSec":0},{"name":"Solo","timeSec":3.5}]}"#
          + "\n"))
  }

  /// Every bad loops file: 65 with one line, and the song's loops as they were.
  @Test func badImportsAreRefusedWhole() async throws {
    let cli = try StoreCLI()
    let song = try Self.song(cli)
    let good = try cli.file("good.json", #"{"loops":[{"name":"verse","aSec":1,"bSec":2}]}"#)
    #expect(try await cli.run(["loops", song, "--import", good]).status == 0)
    let before = try await cli.run(["loops", song, "--json"]).stdout
    let many = (1...101).map { #"{"name":"L\#($0)","aSec":1,"bSec":2}"# }.joined(separator: ",")
    let manySections = (1...101).map { #"{"name":"S","timeSec":\#(Double($0) / 100)}"# }
      .joined(separator: ",")
    let bad = [
      "not json", #"{"loops":3}"#, #"{"loops":[{"name":"x","aSec":2,"bSec":1}]}"#,
      #"{"loops":[{"name":"x","aSec":1,"bSec":1}]}"#,
      #"{"loops":[{"name":"x","aSec":-1,"bSec":1}]}"#,
      #"{"loops":[{"name":"x","aSec":1,"bSec":6}]}"#, #"{"loops":[{"name":"","aSec":1,"bSec":2}]}"#,
      #"{"loops":[{"name":" x","aSec":1,"bSec":2}]}"#,
      #"{"loops":[{"name":"\#(String(repeating: "y", count: 101))","aSec":1,"bSec":2}]}"#,
      #"{"loops":[{"name":"x","aSec":1,"bSec":2},{"name":"x","aSec":3,"bSec":4}]}"#,
      #"{"loops":[{"name":"x","aSec":1,"bSec":1e999}]}"#, #"{"loops":[\#(many)]}"#,
      #"{"loops":[],"sections":3}"#, #"{"loops":[],"sections":[{"name":"","timeSec":1}]}"#,
      #"{"loops":[],"sections":[{"name":"x","timeSec":-1}]}"#,
      #"{"loops":[],"sections":[{"name":"x","timeSec":6}]}"#,
      #"{"loops":[],"sections":[{"name":"x","timeSec":1},{"name":"y","timeSec":1}]}"#,
      #"{"loops":[],"sections":[{"name":"\#(String(repeating: "y", count: 1000))","timeSec":1}]}"#,
      #"{"loops":[],"sections":[\#(manySections)]}"#,
    ]
    for (index, text) in bad.enumerated() {
      let file = try cli.file("bad\(index).json", text)
      let result = try await cli.run(["loops", song, "--import", file])
      #expect(result.status == 65, "\(text): \(result)")
      #expect(result.stderr.hasPrefix("sharp9: error: cannot import "), "\(result.stderr)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1)
      #expect(try await cli.run(["loops", song, "--json"]).stdout == before)
    }
  }
}
