import Foundation
import Testing

/// End-to-end tests of the store commands: the built `sharp9` run as a real process.
@Suite struct StoreCommandTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"take.wav","title":"demo"}}
    {"type":"importPicked","url":"take.wav","t":0}
    {"type":"importSucceeded","track":{"name":"take.wav","durationSec":180},"t":0.5}
    {"type":"setA","timeSec":10,"t":1}
    {"type":"setB","timeSec":20,"t":2}
    {"type":"toggleLoopEnabled","enabled":true,"t":3}
    {"type":"togglePlay","t":3.5}
    {"type":"speedDelta","delta":-0.05,"t":4}
    {"type":"addMarker","timeSec":12.5,"t":5}
    {"type":"tick","currentTimeSec":12.533,"t":5.033}

    """

  private func importDemo(_ cli: StoreCLI) async throws -> String {
    let result = try await cli.run(["import", try cli.file("demo.jsonl", Self.script)])
    #expect(result.status == 0)
    // The header names take.wav, which is not there: a warning, and the session is stored.
    #expect(
      result.stderr
        == "sharp9: warning: the audio file take.wav named in the header was not found; the"
        + " session is stored without its hash (render it with --audio PATH)\n")
    let id = try #require(result.stdout.split(separator: "\n").last.map(String.init))
    #expect(id.count == 36)
    return id
  }

  @Test func importThenInspect() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let sessions = try await cli.run(["sessions"])
    #expect(
      sessions.stdout == """
        ID                                    TITLE  STARTED               EVENTS  DURATION  AUDIO
        \(id)  demo   2026-11-21 19:00:00Z       9  00:05.03  take.wav

        """)
    let log = try await cli.run(["log", String(id.prefix(8))])
    #expect(
      log.stdout == """
        1  00:00.00  open take.wav  → load take.wav
        2  00:00.50  loaded "take.wav" (03:00.00)  → compute peaks
        3  00:01.00  set A 00:10.00  → loop A 00:10.00 B unset off
        4  00:02.00  set B 00:20.00  → loop A 00:10.00 B 00:20.00 off
        5  00:03.00  loop on  → loop A 00:10.00 B 00:20.00 on
        6  00:03.50  play/pause  → play
        7  00:04.00  speed -0.05  → rate 0.95 x
        8  00:05.00  add marker at 00:12.50
        9  00:05.03  tick 00:12.53

        """)
    let diff = try await cli.run(["diff", id, "4", "7"])
    #expect(
      diff.stdout == """
        history.undo[2]: (absent) → {"label":"Loop On","loop":{"after":{"aSec":10,"bSec":20,\
        "enabled":true},"before":{"aSec":10,"bSec":20,"enabled":false}},"markersAdded":[],\
        "markersRemoved":[],"pitch":null,"speed":null}
        history.undo[3]: (absent) → {"label":"Speed Change","loop":null,"markersAdded":[],\
        "markersRemoved":[],"pitch":null,"speed":{"after":0.95,"before":1}}
        loop.enabled: false → true
        toast: null → {"expiresAt":"2026-11-21T19:00:06.000Z","message":"Speed 0.95 x"}
        transport.isPlaying: false → true
        transport.speed: 1 → 0.95

        """)
    let state = try await cli.run(["state", id, "--at", "3", "--json"])
    #expect(
      state.stdout == """
        {"track":{"name":"take.wav","durationSec":180},"transport":{"isPlaying":false,\
        "currentTimeSec":0,"speed":1,"pitchSemitones":0},"loop":{"aSec":10,"bSec":null,\
        "enabled":false},"mode":"loop","markers":[],"viewport":{"startSec":0,"endSec":180},\
        "isLoading":false,"toast":null,"isLocked":false,"lastMarkNowAt":null,\
        "history":{"undo":[{"label":"Set A","loop":{"before":{"aSec":null,"bSec":null,\
        "enabled":false},"after":{"aSec":10,"bSec":null,"enabled":false}},"speed":null,\
        "pitch":null,"markersAdded":[],"markersRemoved":[]}],"redo":[]}}

        """)
    let fields = try await cli.run(["state", id, "--at", "2"])
    #expect(fields.stdout.split(separator: "\n").first == "track.durationSec         180")
    #expect(fields.stdout.split(separator: "\n").last?.hasPrefix("history.") == true)
    #expect(fields.stdout.contains("\ntrack.name                \"take.wav\"\n"))
    let verify = try await cli.run(["verify", id])
    #expect(
      verify.stdout == "ok: session \(id): 9 events replayed, 1 checkpoints match (reducer 7)\n")
    #expect(verify.status == 0)
  }

  @Test func exportIsByteIdenticalToACanonicalImport() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let export = try await cli.run(["export", id])
    #expect(export.stdout == Self.script)
    // A non-canonical script reaches the canonical form after one import, then stays there.
    let loose = """
      {"type":"importPicked", "url":"a.wav", "t":0.0}
      {"t":1,"type":"setA","timeSec":1.50}

      """
    let first = try await cli.run(["import", "-", "--title", "loose"], input: loose)
    let once = try await cli.run(["export", first.stdout.trimmingCharacters(in: .newlines)])
    #expect(
      once.stdout == """
        {"session":{"startedAt":"1970-01-01T00:00:00.000Z","title":"loose"}}
        {"type":"importPicked","url":"a.wav","t":0}
        {"type":"setA","timeSec":1.5,"t":1}

        """)
    let second = try await cli.run(["import", "-"], input: once.stdout)
    let twice = try await cli.run(["export", second.stdout.trimmingCharacters(in: .newlines)])
    #expect(twice.stdout == once.stdout)
  }

  @Test func badScriptLineLeavesNoSession() async throws {
    let cli = try StoreCLI()
    _ = try await importDemo(cli)
    let bad = Self.script.replacingOccurrences(of: #""timeSec":20"#, with: #""timeSec":"x""#)
    let path = try cli.file("bad.jsonl", bad)
    let result = try await cli.run(["import", path])
    #expect(result.status == 65)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "sharp9: error: \(path): line 5: field \"timeSec\": expected a number. Fix that line\n")
    let sessions = try await cli.run(["sessions"])
    #expect(sessions.stdout.split(separator: "\n").count == 2)
  }

  @Test func deleteRemovesTheSession() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let delete = try await cli.run(["delete", id])
    #expect(delete.stdout == "deleted session \(id) (9 events)\n")
    let again = try await cli.run(["log", id])
    #expect(again.status == 66)
    #expect(
      again.stderr
        == "sharp9: error: cannot find session \"\(id)\": no session id starts with it. List them"
        + " with `sharp9 sessions`\n")
  }

  @Test func missingAndCorruptDatabasesAreOneLineErrors() async throws {
    let cli = try StoreCLI()
    let missing = try await cli.run(["sessions"])
    #expect(missing.status == 66)
    #expect(
      missing.stderr
        == "sharp9: error: cannot open the database: there is no sharp9 database at"
        + " \(cli.database). Record or import a session first, or give the database with --db\n")
    let corrupt = try cli.file("corrupt.sqlite", String(repeating: "x", count: 5000))
    let result = try await cli.run(["log", "abc", "--db", corrupt], database: false)
    #expect(result.status != 0)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.status == 65)
    #expect(result.stderr.contains("the file is not an intact SQLite database"))
    let importing = try await cli.run(
      ["import", try cli.file("s.jsonl", Self.script), "--db", corrupt], database: false)
    #expect(importing.status != 0)
    #expect(
      try String(contentsOfFile: corrupt, encoding: .utf8) == String(repeating: "x", count: 5000))
  }

  @Test func defaultDatabaseFollowsXDGDataHome() async throws {
    let cli = try StoreCLI()
    let result = try await cli.run(["import", "-"], input: Self.script, database: false)
    #expect(result.status == 0)
    let path = cli.directory.appending(path: "xdg/sharp9/sharp9.sqlite").path
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
