import Foundation
import Testing

/// End-to-end tests of the history and bug-reproduction commands: the built `sharp9` as a process.
@Suite struct HistoryCommandTests {
  private func importDemo(_ cli: StoreCLI) async throws -> String {
    let result = try await cli.run(["import", try cli.file("demo.jsonl", StoreCommandTests.script)])
    #expect(result.status == 0)
    return try #require(result.stdout.split(separator: "\n").last.map(String.init))
  }

  /// The id on the last line of a command's output.
  private func lastLine(_ result: StoreCLI.Result) -> String {
    result.stdout.split(separator: "\n").last.map(String.init) ?? ""
  }

  @Test func historyShowsEveryEditWithItsChange() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let history = try await cli.run(["history", String(id.prefix(6))])
    #expect(history.status == 0)
    #expect(
      history.stdout == """
        session \(id): edit history as of event 9 of 9
        #  EVENT  T         EDIT          STATUS   CHANGE
        1      3  00:01.00  Set A         applied  loop.aSec: null → 10
        2      4  00:02.00  Set B         applied  loop.bSec: null → 20
        3      5  00:03.00  Loop On       applied  loop.enabled: false → true
        4      7  00:04.00  Speed Change  applied  transport.speed: 1 → 0.95
        5      8  00:05.00  Add Marker    applied  markers: [] → [12.5]
        cursor: 5 of 5 applied; undo → #5 Add Marker; redo → nothing

        """)
    let early = try await cli.run(["history", id, "--at", "4"])
    #expect(
      early.stdout == """
        session \(id): edit history as of event 4 of 9
        #  EVENT  T         EDIT   STATUS   CHANGE
        1      3  00:01.00  Set A  applied  loop.aSec: null → 10
        2      4  00:02.00  Set B  applied  loop.bSec: null → 20
        cursor: 2 of 2 applied; undo → #2 Set B; redo → nothing

        """)
    let none = try await cli.run(["history", id, "--at", "2"])
    #expect(
      none.stdout == "session \(id): edit history as of event 2 of 9\nno edits to undo or redo\n")
    let beyond = try await cli.run(["history", id, "--at", "10"])
    #expect(beyond.status != 0)
    #expect(beyond.stderr.contains("out of range"))
  }

  @Test func historyAndLogShowUndoneEditsAndUndoRedoPairs() async throws {
    let cli = try StoreCLI()
    let script =
      StoreCommandTests.script
        + """
        {"type":"undo","t":6}
        {"type":"undo","t":6.5}
        {"type":"redo","t":7}
        {"type":"pitchDelta","delta":1,"t":8}
        {"type":"undo","t":9}

        """
    let imported = try await cli.run(["import", try cli.file("undo.jsonl", script)])
    let id = lastLine(imported)
    let history = try await cli.run(["history", id])
    #expect(
      history.stdout == """
        session \(id): edit history as of event 14 of 14
        #  EVENT  T         EDIT          STATUS        CHANGE
        1      3  00:01.00  Set A         applied       loop.aSec: null → 10
        2      4  00:02.00  Set B         applied       loop.bSec: null → 20
        3      5  00:03.00  Loop On       applied       loop.enabled: false → true
        4      7  00:04.00  Speed Change  redone at 12  transport.speed: 1 → 0.95
        6     13  00:08.00  Pitch Change  undone at 14  transport.pitchSemitones: 0 → 1
        1 older edit(s) can no longer be undone or redone
        cursor: 4 of 5 applied; undo → #4 Speed Change; redo → #6 Pitch Change

        """)
    let before = try await cli.run(["history", id, "--at", "12"])
    #expect(
      before.stdout == """
        session \(id): edit history as of event 12 of 14
        #  EVENT  T         EDIT          STATUS        CHANGE
        1      3  00:01.00  Set A         applied       loop.aSec: null → 10
        2      4  00:02.00  Set B         applied       loop.bSec: null → 20
        3      5  00:03.00  Loop On       applied       loop.enabled: false → true
        4      7  00:04.00  Speed Change  redone at 12  transport.speed: 1 → 0.95
        5      8  00:05.00  Add Marker    undone at 10  markers: [] → [12.5]
        cursor: 4 of 5 applied; undo → #4 Speed Change; redo → #5 Add Marker

        """)
    let log = try await cli.run(["log", id])
    #expect(
      log.stdout.split(separator: "\n").suffix(7).joined(separator: "\n") == """
         8  00:05.00  add marker at 00:12.50  [undone by 10]
         9  00:05.03  tick 00:12.53
        10  00:06.00  undo  [undoes 8]
        11  00:06.50  undo  → rate 1.00 x  [undoes 7]
        12  00:07.00  redo  → rate 0.95 x  [redoes 7]
        13  00:08.00  pitch +1 st  → pitch +1.00 st  [undone by 14]
        14  00:09.00  undo  → pitch 0.00 st  [undoes 13]
        """)
  }

  @Test func forkKeepsTheFirstEventsAndPrintsTheNewID() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let fork = try await cli.run(["fork", id, "--at", "4", "--title", "what if"])
    #expect(fork.status == 0)
    let forked = lastLine(fork)
    #expect(fork.stdout == "forked \(id) at event 4: \"what if\"\n\(forked)\n")
    let original = try await cli.run(["state", id, "--at", "4", "--json"])
    let copy = try await cli.run(["state", forked, "--json"])
    #expect(copy.stdout == original.stdout)
    let export = try await cli.run(["export", forked])
    #expect(export.stdout.split(separator: "\n").count == 5)
    #expect(
      export.stdout.hasPrefix(
        #"{"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"take.wav","title":"what if"}}"#
      ))
  }

  @Test func bundleImportsOnceAndReadsWithDB() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let bundle = cli.directory.appending(path: "report.sharp9").path
    let written = try await cli.run(["bundle", id, "-o", bundle])
    #expect(written.stdout == "bundled session \(id) (9 events) to \(bundle)\n")
    let other = cli.directory.appending(path: "other.sqlite").path
    let first = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(first.stdout == "imported session \(id) (9 events)\n\(id)\n")
    let second = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(second.status == 0)
    #expect(second.stdout == "session \(id) is already in the database; nothing added\n\(id)\n")
    let sessions = try await cli.run(["sessions", "--db", other], database: false)
    #expect(sessions.stdout.split(separator: "\n").count == 2)
    let direct = try await cli.run(["log", id, "--db", bundle], database: false)
    let original = try await cli.run(["log", id])
    #expect(direct.stdout == original.stdout)
    let missingAudio = try await cli.run(["bundle", id, "-o", bundle + "2", "--with-audio"])
    #expect(missingAudio.status != 0)
    #expect(missingAudio.stderr.contains("take.wav"))
    #expect(!FileManager.default.fileExists(atPath: bundle + "2"))
  }

  @Test func checkPassesASoundSession() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let check = try await cli.run(["check", id])
    #expect(check.status == 0)
    #expect(check.stdout == "ok: session \(id): 9 events, every state keeps every invariant\n")
  }

  @Test func minimizeUntilACommandHolds() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let minimized = try await cli.run([
      "minimize", id, "--until",
      #"grep -q '"setB"' "$SHARP9_CANDIDATE" && test "$SHARP9_CANDIDATE_EVENTS" -ge 1"#,
    ])
    #expect(minimized.status == 0)
    #expect(
      minimized.stdout == """
        {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"take.wav","title":"demo"}}
        {"type":"setB","timeSec":20,"t":2}

        """)
    #expect(minimized.stderr.hasPrefix("minimized \(id) from 9 to 1 events (kept 4) in "))
    let saved = String(minimized.stderr.split(separator: " ").last ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines)
    let export = try await cli.run(["export", saved])
    #expect(export.stdout.hasSuffix(#"{"type":"setB","timeSec":20,"t":2}"# + "\n"))
    // The command also gets the candidate on standard input.
    let viaStdin = try await cli.run(["minimize", id, "--until", #"grep -q '"setA"'"#])
    #expect(viaStdin.stdout.hasSuffix(#"{"type":"setA","timeSec":10,"t":1}"# + "\n"))
  }

  @Test func minimizeRefusesWhenNothingFails() async throws {
    let cli = try StoreCLI()
    let id = try await importDemo(cli)
    let result = try await cli.run(["minimize", id, "--invariant"])
    #expect(result.status != 0)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("the predicate does not hold for the whole session"))
    let twoPredicates = try await cli.run(["minimize", id, "--invariant", "--diverges"])
    #expect(twoPredicates.status != 0)
    #expect(twoPredicates.stderr.contains("choose exactly one predicate"))
  }

  @Test func fuzzFixedSeedsPassWithoutTouchingTheDatabase() async throws {
    let cli = try StoreCLI()
    let result = try await cli.run(["fuzz", "--seed", "3", "--events", "300", "--runs", "2"])
    #expect(result.status == 0)
    #expect(result.stdout == "seed 3: ok (300 events)\nseed 4: ok (300 events)\n")
    #expect(!FileManager.default.fileExists(atPath: cli.database))
  }

  @Test func minimizeHelpDocumentsHowTheCandidateIsHandedOver() async throws {
    let cli = try StoreCLI()
    let help = try await cli.run(["minimize", "--help"], database: false)
    #expect(help.status == 0)
    #expect(
      help.stdout == #"""
        OVERVIEW: Shrink a session to the fewest actions that still show a failure
        (ddmin).

        Delta debugging (Zeller's ddmin) over the session's actions: candidates are
        subsequences, each action keeping its t and order, until removing any one
        action makes the failure go away. Choose one predicate:

        --until COMMAND: a shell command (/bin/sh -c) that exits 0 while the candidate
        still fails. It gets the path of the candidate session script in
        $SHARP9_CANDIDATE, its action count in $SHARP9_CANDIDATE_EVENTS, and the script
        on standard input; its output is discarded. Example: --until 'sharp9 reduce
        --compact "$SHARP9_CANDIDATE" | grep -q Locked'. Exit 1–63 means the failure is
        gone; 64–78 (sysexits.h), 126, 127 or a signal mean the command could not run,
        and minimizing stops with status 69. --timeout kills a candidate's command
        after that many seconds (the candidate then counts as not failing); an
        interrupted minimize kills the command and removes its temporary files.

        --invariant: some state breaks a domain invariant (see `sharp9 check`).

        --diverges: the replays disagree: two replays differ, a snapshot does not
        restore its state, or resuming from a stored snapshot differs from replaying
        from scratch.

        The minimal session is stored as a new session and printed as JSON Lines on
        standard output (marker ids as `sharp9 reduce` reads them); a summary with the
        new session's id goes to standard error.

        USAGE: sharp9 minimize <session> [--until <command>] [--timeout <seconds>] [--invariant] [--diverges] [--db <path>] [--store <url>]

        ARGUMENTS:
          <session>               The session's id, or a unique prefix of it (see
                                  `sharp9 sessions`).

        OPTIONS:
          --until <command>       A shell command exiting 0 while the candidate still
                                  fails.
          --timeout <seconds>     With --until: kill a candidate's command after this
                                  many seconds (it then counts as not failing).
          --invariant             Keep the failure "some state breaks an invariant".
          --diverges              Keep the failure "the replays disagree".
          --db <path>             The sharp9 database file (default: $SHARP9_DB, else
                                  $XDG_DATA_HOME/sharp9/sharp9.sqlite, else
                                  ~/.local/share/sharp9/sharp9.sqlite).
          --store <url>           The event store as a URL, instead of --db:
                                  sqlite:PATH, or postgres://USER@HOST:PORT/DATABASE (a
                                  socket: postgres://USER@/DATABASE?host=DIR).
          --version               Show the version.
          -h, --help              Show help information.


        """#)
  }
}
