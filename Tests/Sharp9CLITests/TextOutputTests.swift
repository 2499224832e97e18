import Foundation
import Testing

/// Data never reaches the terminal raw, and a bad `--audio` is never passed over.
@Suite struct TextOutputTests {
  @Test func controlCharactersInDataAreEscaped() async throws {
    let cli = try StoreCLI()
    let title = "\u{1B}[31mred\u{1B}[0m and a very long title that goes on and on and on"
    let script = """
      {"session":{"startedAt":"2026-01-01T00:00:00Z"}}
      {"type":"importFailed","message":"bad\\u0007bell\\nline","t":0}

      """
    let id = try await cli.run(["import", try cli.file("s.jsonl", script), "--title", title])
      .stdout.trimmingCharacters(in: .newlines)
    let sessions = try await cli.run(["sessions"])
    #expect(!sessions.stdout.contains("\u{1B}"))
    #expect(sessions.stdout.contains(#"\u{1B}[31mred\u{1B}[0m and a ve…"#), "\(sessions.stdout)")
    let log = try await cli.run(["log", id])
    #expect(!log.stdout.contains("\u{07}"))
    #expect(log.stdout.contains(#"load failed: bad\u{7}bell\nline"#), "\(log.stdout)")
    #expect(log.stdout.split(separator: "\n").count == 1)
  }

  @Test func aBadAudioOptionIsAnError() async throws {
    let cli = try StoreCLI()
    let script = """
      {"session":{"startedAt":"2026-01-01T00:00:00Z"}}
      {"type":"importSucceeded","track":{"name":"x.wav","durationSec":4},"t":0}

      """
    let id = try await cli.run(["import", try cli.file("s.jsonl", script)]).stdout
      .trimmingCharacters(in: .newlines)
    let timeline = try await cli.run(["timeline", id, "--audio", "nosuch.wav"])
    #expect(timeline.status == 66, "\(timeline)")
    #expect(timeline.stderr.hasPrefix("sharp9: error: audio file nosuch.wav is missing"))
    let record = try await cli.run(
      ["record", "--audio", "nosuch.wav"], input: #"{"type":"setA","timeSec":1}"# + "\n")
    #expect(record.status == 66)
    #expect(record.stderr.hasPrefix("sharp9: error: cannot read audio file nosuch.wav"))
    #expect(record.stdout == "")
  }

  static let session = """
    {"session":{"startedAt":"2026-01-01T00:00:00Z","title":"json"}}
    {"type":"importSucceeded","track":{"name":"x.wav","durationSec":60},"t":0}
    {"type":"addMarker","timeSec":3,"t":1}
    {"type":"addMarker","timeSec":5,"t":1.5}
    {"type":"setA","timeSec":2,"t":2}
    {"type":"undo","t":3}

    """

  @Test func everyReadCommandPrintsJSON() async throws {
    let cli = try StoreCLI()
    let id = try await cli.run(["import", try cli.file("s.jsonl", Self.session)]).stdout
      .trimmingCharacters(in: .newlines)
    let commands: [([String], Int)] = [
      (["sessions", "--json"], 1), (["log", id, "--json"], 5),
      (["diff", id, "0", "5", "--json"], 1),
      (["verify", id, "--json"], 1), (["check", id, "--json"], 1), (["history", id, "--json"], 1),
      (["state", id, "--json"], 1), (["timeline", id, "--json"], 2),
    ]
    for (arguments, lines) in commands {
      let result = try await cli.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let objects = result.stdout.split(separator: "\n")
      #expect(objects.count == lines, "\(arguments): \(result.stdout)")
      for object in objects {
        let parsed = try JSONSerialization.jsonObject(with: Data(object.utf8))
        #expect(parsed is [String: Any], "\(arguments): \(object)")
      }
    }
    let log = try await cli.run(["log", id, "--json"])
    #expect(
      log.stdout.hasSuffix(
        #"{"seq":5,"t":3,"action":{"type":"undo"},"effects":[{"type":"engineSetLoop","aSec":null,"bSec":null,"enabled":false}],"note":"undoes 4"}"#
          + "\n"), "\(log.stdout)")
  }

  @Test func stateTextStartsWithWhatIsPlayingAndNumbersTheMarkers() async throws {
    let cli = try StoreCLI()
    let id = try await cli.run(["import", try cli.file("s.jsonl", Self.session)]).stdout
      .trimmingCharacters(in: .newlines)
    let lines = try await cli.run(["state", id]).stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("track.durationSec") == true, "\(lines)")
    let markers = lines.filter { $0.hasPrefix("markers[") }
    #expect(markers.count == 2)
    #expect(markers.first?.hasPrefix("markers[1] ") == true, "\(markers)")
    #expect(markers.first?.contains(" 00:03.00  id ") == true, "\(markers)")
    #expect(markers.last?.hasPrefix("markers[2] ") == true, "\(markers)")
    #expect(markers.last?.contains(" 00:05.00  id ") == true, "\(markers)")
    #expect(lines.last?.hasPrefix("history.") == true)
  }
}
