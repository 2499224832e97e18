import Foundation
import Testing

/// `sharp9 journal` on scripted sessions spanning days, against figures worked out by hand.
@Suite struct JournalCommandTests {
  /// Starts a minute before midnight (UTC): loop 10–20 s at 0.5× (20 s per pass) from t = 10 to
  /// 130, then at 0.8× (12.5 s per pass, from A again) from 140 to 165. On 11-20: 50 s playing,
  /// passes ending at 30 and 50. On 11-21: 70 + 25 s, passes at 70, 90, 110, 130 and 152.5.
  static let lateSession = """
    {"session":{"startedAt":"2026-11-20T23:59:00.000Z","audio":"etude.wav","title":"late"}}
    {"type":"importPicked","url":"etude.wav","t":0}
    {"type":"importSucceeded","track":{"name":"etude.wav","durationSec":60},"t":0}
    {"type":"setA","timeSec":10,"t":1}
    {"type":"setB","timeSec":20,"t":1}
    {"type":"toggleLoopEnabled","enabled":true,"t":1}
    {"type":"seekToStart","t":1}
    {"type":"setSpeed","speed":0.5,"t":2}
    {"type":"togglePlay","t":10}
    {"type":"togglePlay","t":130}
    {"type":"setSpeed","speed":0.8,"t":140}
    {"type":"togglePlay","t":140}
    {"type":"togglePlay","t":165}

    """

  /// Two days later, another song: 30 s at 1×, no loop.
  static let soloSession = """
    {"session":{"startedAt":"2026-11-22T18:00:00.000Z","audio":"solo.flac","title":"solo"}}
    {"type":"importPicked","url":"solo.flac","t":0}
    {"type":"importSucceeded","track":{"name":"solo.flac","durationSec":100},"t":0}
    {"type":"togglePlay","t":5}
    {"type":"togglePlay","t":35}

    """

  static func cli() async throws -> StoreCLI {
    let cli = try StoreCLI()
    for (name, script) in [("late.jsonl", lateSession), ("solo.jsonl", soloSession)] {
      let path = cli.directory.appending(path: name)
      try script.write(to: path, atomically: true, encoding: .utf8)
      #expect(try await cli.run(["import", path.path]).status == 0)
    }
    return cli
  }

  @Test func jsonLinesPerDayAndSong() async throws {
    let cli = try await Self.cli()
    let result = try await cli.run(["journal", "--json"])
    #expect(
      result
        == StoreCLI.Result(
          status: 0,
          stdout: """
            {"day":"2026-11-20","song":"etude.wav","practisedSec":50,"loopPasses":2,"speedMin":0.5,"speedMax":0.5,"takes":0,"pitchMin":0,"pitchMax":0,"loops":[{"aSec":10,"bSec":20,"passes":2}]}
            {"day":"2026-11-21","song":"etude.wav","practisedSec":95,"loopPasses":5,"speedMin":0.5,"speedMax":0.8,"takes":0,"pitchMin":0,"pitchMax":0,"loops":[{"aSec":10,"bSec":20,"passes":5,"bestSpeedInARow":0.5}]}
            {"day":"2026-11-22","song":"solo.flac","practisedSec":30,"loopPasses":0,"speedMin":1,"speedMax":1,"takes":0,"pitchMin":0,"pitchMax":0,"loops":[]}

            """, stderr: ""))
  }

  @Test func theTableAndASparklinePerSong() async throws {
    let cli = try await Self.cli()
    let result = try await cli.run(["journal"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        DAY         SONG       PRACTISED  PASSES  SPEED        PITCH    TAKES
        2026-11-20  etude.wav       0:50       2  0.50 x       0.00 st      0
        2026-11-21  etude.wav       1:35       5  0.50–0.80 x  0.00 st      0
        2026-11-22  solo.flac       0:30       0  1.00 x       0.00 st      0

        DAY         SONG       LOOP               PASSES  BEST IN A ROW
        2026-11-20  etude.wav  00:10.00–00:20.00       2  -
        2026-11-21  etude.wav  00:10.00–00:20.00       5  0.50 x

        etude.wav  2026-11-20 ▄█  2026-11-22
        solo.flac  2026-11-20   █ 2026-11-22

        """)
  }

  /// Passes in a row: the six passes at 0.5× from 30 s to 130 s run on without a break (the
  /// pause at 130 s falls on the wrap), the pass at 0.8× after playing again starts a new run;
  /// with --in-a-row 1 it is its own best, with 7 no run is long enough.
  @Test func bestSpeedInARowFollowsTheOption() async throws {
    let cli = try await Self.cli()
    let one = try await cli.run(["journal", "--json", "--since", "2026-11-21", "--in-a-row", "1"])
    #expect(
      one.stdout.contains(#""loops":[{"aSec":10,"bSec":20,"passes":5,"bestSpeedInARow":0.8}]"#))
    let six = try await cli.run(["journal", "--json", "--since", "2026-11-21", "--in-a-row", "6"])
    #expect(
      six.stdout.contains(#""loops":[{"aSec":10,"bSec":20,"passes":5,"bestSpeedInARow":0.5}]"#))
    let seven = try await cli.run(["journal", "--json", "--since", "2026-11-21", "--in-a-row", "7"])
    #expect(seven.stdout.contains(#""loops":[{"aSec":10,"bSec":20,"passes":5}]"#))
    for bad in ["0", "100", "-1", "x"] {
      let result = try await cli.run(["journal", "--in-a-row", bad])
      #expect(result.status == 64 && result.stderr.hasPrefix("sharp9: error: "), "\(result)")
    }
  }

  @Test func songAndSinceFilter() async throws {
    let cli = try await Self.cli()
    let since = try await cli.run(["journal", "--json", "--since", "2026-11-21", "--song", "ETUDE"])
    #expect(since.stdout.split(separator: "\n").count == 1)
    #expect(since.stdout.hasPrefix(#"{"day":"2026-11-21","song":"etude.wav","practisedSec":95,"#))
    let none = try await cli.run(["journal", "--song", "nocturne"])
    #expect(
      none == StoreCLI.Result(status: 0, stdout: "no practice recorded for nocturne\n", stderr: ""))
  }

  @Test(arguments: ["2026-13-01", "2026-11-2", "yesterday", "2026-02-30", "２０２６-11-01", ""])
  func aSinceThatIsNotADayIsAUsageError(since: String) async throws {
    let cli = try StoreCLI()
    let result = try await cli.run(["journal", "--since", since])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("sharp9: error: invalid command line: --since"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func noDatabaseIsNoInput() async throws {
    let cli = try StoreCLI()
    let result = try await cli.run(["journal"])
    #expect(result.status == 66)
    #expect(result.stderr.hasPrefix("sharp9: error: cannot open the database"))
  }
}
