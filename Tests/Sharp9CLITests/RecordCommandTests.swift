import Foundation
import Testing

/// `sharp9 record` through a pipe: one answer line per input line, durable appends.
@Suite struct RecordCommandTests {
  @Test func answersEveryLineAndRecordsTheValidOnes() async throws {
    let cli = try StoreCLI()
    let input = """
      {"type":"importPicked","url":"take.wav","t":0}
      {"type":"importSucceeded","track":{"name":"take.wav","durationSec":60},"t":0.5}
      not json

      {"type":"setA","timeSec":3,"t":1}
      {"type":"setB","timeSec":1,"t":0.75}
      {"type":"nope","t":2}

      """
    let result = try await cli.run(["record", "--title", "piped"], input: input)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 8)  // 7 answers and the final newline
    #expect(lines[0].hasPrefix(#"{"track":null,"transport":"#))
    #expect(lines[0].contains(#""isLoading":true"#))
    #expect(lines[1].hasPrefix(#"{"track":{"name":"take.wav","durationSec":60},"#))
    #expect(lines[2].hasPrefix(#"{"error":"line 3: malformed JSON"#))
    #expect(lines[3] == lines[1])
    #expect(lines[4].contains(#""loop":{"aSec":3,"bSec":null,"enabled":false}"#))
    #expect(
      lines[5]
        == #"{"error":"event 4: t = 0.75 must be finite and not before the previous event's t = 1. Give each event a t in seconds that never goes back"}"#
    )
    #expect(lines[6].hasPrefix(#"{"error":"line 7: field \"type\": unknown action type"#))
    let id = try #require(result.stderr.split(separator: " ").last).trimmingCharacters(
      in: .newlines)
    #expect(
      result.stderr == "sharp9 record: session \(id)\nsharp9 record: 3 events in session \(id)\n")
    let verify = try await cli.run(["verify", id])
    #expect(
      verify.stdout == "ok: session \(id): 3 events replayed, 1 checkpoints match (reducer 7)\n")
  }

  @Test func stampsActionsWithItsMonotonicClock() async throws {
    let cli = try StoreCLI()
    let input = """
      {"type":"onAppear"}
      {"type":"togglePlay"}
      {"type":"markNow"}

      """
    let result = try await cli.run(["record"], input: input)
    #expect(result.stdout.split(separator: "\n").count == 3)
    let id = try #require(result.stderr.split(separator: "\n").first?.split(separator: " ").last)
    let export = try await cli.run(["export", String(id)])
    let times = try export.stdout.split(separator: "\n").dropFirst().map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return try #require(object?["t"] as? Double)
    }
    #expect(times.count == 3)
    #expect(times == times.sorted())
    #expect(times.allSatisfy { $0 >= 0 && $0 < 30 })
  }

  @Test func inputWithoutActionsCreatesNoSession() async throws {
    let cli = try StoreCLI()
    let result = try await cli.run(["record"], input: "oops\n\n")
    #expect(result.stdout.split(separator: "\n").count == 2)
    let sessions = try await cli.run(["sessions"])
    #expect(sessions.stdout.split(separator: "\n").count == 1)
  }

  /// W1: a line whose own `t` is ahead of the clock moves the clock; it never blocks the lines
  /// after it. Absurd `t` is refused, and the lines after it still record.
  @Test func noLineCanBlockTheLinesAfterIt() async throws {
    let cli = try StoreCLI()
    let input = """
      {"type":"setA","timeSec":1,"t":1000}
      {"type":"setB","timeSec":2}
      {"type":"setA","timeSec":1.5,"t":1e300}
      {"type":"togglePlay"}
      {"type":"togglePlay","t":1000.5}

      """
    let result = try await cli.run(["record", "--answer", "compact"], input: input)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines[0] == #"{"seq":1,"t":1000,"effects":[]}"#)
    #expect(lines[1].hasPrefix(#"{"seq":2,"t":1000"#), "\(lines[1])")
    #expect(
      lines[2].hasPrefix(#"{"error":"event 3: t = 1e+300 is after the year 9999"#), "\(lines[2])")
    #expect(lines[3].hasPrefix(#"{"seq":3,"t":1000"#), "\(lines[3])")
    #expect(lines[4].hasPrefix(#"{"seq":4,"t":1000.5,"#), "\(lines[4])")
  }

  @Test func answerNoneAnswersOnlyErrors() async throws {
    let cli = try StoreCLI()
    let input = """
      {"type":"setA","timeSec":1}
      nonsense
      {"type":"setB","timeSec":2}

      """
    let result = try await cli.run(["record", "--answer", "none"], input: input)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix(#"{"error":"line 2: malformed JSON"#), "\(result.stdout)")
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("sharp9 record: 2 events in session "), "\(result.stderr)")
  }
}
