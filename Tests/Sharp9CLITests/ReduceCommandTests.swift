import Foundation
import Testing

@Suite("sharp9 reduce") struct ReduceCommandTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00Z"}}
    {"type":"importSucceeded","track":{"name":"a.wav","durationSec":20},"t":0.5}
    {"type":"setB","timeSec":4,"t":1}
    {"type":"setA","timeSec":9.5,"t":2}
    {"type":"markNow","t":2.25}
    {"type":"speedDelta","delta":-0.05,"t":3}

    """

  static let finalState = """
    {
      "track": {
        "name": "a.wav",
        "durationSec": 20
      },
      "transport": {
        "isPlaying": false,
        "currentTimeSec": 0,
        "speed": 0.95,
        "pitchSemitones": 0
      },
      "loop": {
        "aSec": 4,
        "bSec": 9.5,
        "enabled": false
      },
      "mode": "loop",
      "markers": [
        {
          "id": "5A0E9D05-5C41-8E0A-8BF0-29FDE5E6DD78",
          "timeSec": 0
        }
      ],
      "viewport": {
        "startSec": 0,
        "endSec": 20
      },
      "isLoading": false,
      "toast": {
        "message": "Speed 0.95 x",
        "expiresAt": "2026-11-21T19:00:05.000Z"
      },
      "isLocked": false,
      "lastMarkNowAt": "2026-11-21T19:00:02.250Z",
      "history": {
        "undo": [
          {
            "label": "Set B",
            "loop": {
              "before": {
                "aSec": null,
                "bSec": null,
                "enabled": false
              },
              "after": {
                "aSec": null,
                "bSec": 4,
                "enabled": false
              }
            },
            "speed": null,
            "pitch": null,
            "markersAdded": [],
            "markersRemoved": []
          },
          {
            "label": "Set A",
            "loop": {
              "before": {
                "aSec": null,
                "bSec": 4,
                "enabled": false
              },
              "after": {
                "aSec": 4,
                "bSec": 9.5,
                "enabled": false
              }
            },
            "speed": null,
            "pitch": null,
            "markersAdded": [],
            "markersRemoved": []
          },
          {
            "label": "Add Marker",
            "loop": null,
            "speed": null,
            "pitch": null,
            "markersAdded": [
              {
                "marker": {
                  "id": "5A0E9D05-5C41-8E0A-8BF0-29FDE5E6DD78",
                  "timeSec": 0
                },
                "index": 0
              }
            ],
            "markersRemoved": []
          },
          {
            "label": "Speed Change",
            "loop": null,
            "speed": {
              "before": 1,
              "after": 0.95
            },
            "pitch": null,
            "markersAdded": [],
            "markersRemoved": []
          }
        ],
        "redo": []
      }
    }

    """

  @Test func printsTheFinalStateIndented() throws {
    let result = try CLI.run(["reduce", "-"], stdin: Self.script)
    #expect(result == CLI.Result(status: 0, stdout: Self.finalState, stderr: ""))
  }

  @Test func readsAFile() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("take.jsonl", Self.script)
    let result = try CLI.run(["reduce", path])
    #expect(result == CLI.Result(status: 0, stdout: Self.finalState, stderr: ""))
  }

  @Test func atAppliesOnlyTheFirstActions() throws {
    let result = try CLI.run(["reduce", "-", "--at", "2", "--compact"], stdin: Self.script)
    let expected =
      #"{"track":{"name":"a.wav","durationSec":20},"transport":{"isPlaying":false,"#
      + #""currentTimeSec":0,"speed":1,"pitchSemitones":0},"loop":{"aSec":null,"bSec":4,"#
      + #""enabled":false},"mode":"loop","markers":[],"viewport":{"startSec":0,"endSec":20},"#
      + #""isLoading":false,"toast":null,"isLocked":false,"lastMarkNowAt":null,"#
      + #""history":{"undo":[{"label":"Set B","loop":{"before":{"aSec":null,"bSec":null,"#
      + #""enabled":false},"after":{"aSec":null,"bSec":4,"enabled":false}},"speed":null,"#
      + #""pitch":null,"markersAdded":[],"markersRemoved":[]}],"redo":[]}}"# + "\n"
    #expect(result == CLI.Result(status: 0, stdout: expected, stderr: ""))
  }

  @Test func atZeroIsTheInitialState() throws {
    let result = try CLI.run(["reduce", "-", "--at", "0", "--compact"], stdin: Self.script)
    let expected =
      #"{"track":null,"transport":{"isPlaying":false,"currentTimeSec":0,"speed":1,"#
      + #""pitchSemitones":0},"loop":{"aSec":null,"bSec":null,"enabled":false},"mode":"loop","#
      + #""markers":[],"viewport":{"startSec":0,"endSec":0},"isLoading":false,"toast":null,"#
      + #""isLocked":false,"lastMarkNowAt":null,"history":{"undo":[],"redo":[]}}"# + "\n"
    #expect(result == CLI.Result(status: 0, stdout: expected, stderr: ""))
  }

  @Test func effectsPrintsOneLinePerAction() throws {
    let result = try CLI.run(["reduce", "-", "--effects"], stdin: Self.script)
    let expected = """
      {"seq":1,"t":0.5,"action":{"type":"importSucceeded","track":{"name":"a.wav","durationSec":20}},"effects":[{"type":"computePeaks"}]}
      {"seq":2,"t":1,"action":{"type":"setB","timeSec":4},"effects":[{"type":"engineSetLoop","aSec":null,"bSec":4,"enabled":false}]}
      {"seq":3,"t":2,"action":{"type":"setA","timeSec":9.5},"effects":[{"type":"engineSetLoop","aSec":4,"bSec":9.5,"enabled":false}]}
      {"seq":4,"t":2.25,"action":{"type":"markNow"},"effects":[]}
      {"seq":5,"t":3,"action":{"type":"speedDelta","delta":-0.05},"effects":[{"type":"engineSetRate","rate":0.95}]}

      """
    #expect(result == CLI.Result(status: 0, stdout: expected, stderr: ""))
  }

  /// The demo's final state is pinned in `scripts/demo/practice-session.state.json` (reviewed by
  /// hand: 0.75 x after undo/redo, pitch -2, loop 11.8–18.5 on, two markers).
  @Test func theBundledDemoSessionReduces() throws {
    let demo = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "scripts/demo")
    let golden = demo.appending(path: "practice-session.state.json")
    let expected = String(decoding: try Data(contentsOf: golden), as: UTF8.self)
    let result = try CLI.run(["reduce", demo.appending(path: "practice-session.jsonl").path])
    #expect(result == CLI.Result(status: 0, stdout: expected, stderr: ""))
  }

  @Test(
    arguments: [
      (
        #"{"type":"setA","timeSec":1,"t":1}"# + "\n" + #"{"type":"setB","t":2}"#,
        #"sharp9: error: stdin: line 2: field "timeSec": missing. Fix that line"#
      ),
      (
        #"{"type":"setA","timeSec":1,"t":1}"# + "\n\n" + #"{"type":"togglePlay","t":0.5}"#,
        #"sharp9: error: stdin: line 3: field "t": 0.5 is before the previous action's 1 (t must not decrease). Fix that line"#
      ),
      (
        #"{"type":"fly","t":1}"#,
        #"sharp9: error: stdin: line 1: field "type": unknown action type "fly". Fix that line"#
      ),
      (
        #"{"type":"skip","seconds":NaN,"t":1}"#,
        #"sharp9: error: stdin: line 1: field "seconds": must be a finite number (NaN and Infinity are not JSON). Fix that line"#
      ),
      (
        "not json",
        "sharp9: error: stdin: line 1: malformed JSON (each line must be one JSON object). Fix that line"
      ),
    ] as [(String, String)])
  func badScriptsPrintOneErrorLineAndNothingElse(script: String, message: String) throws {
    let result = try CLI.run(["reduce", "-", "--effects"], stdin: script)
    #expect(result == CLI.Result(status: 65, stdout: "", stderr: message + "\n"))
  }

  @Test func aMissingFileIsNamed() throws {
    let result = try CLI.run(["reduce", "missing.jsonl"])
    #expect(
      result
        == CLI.Result(
          status: 66, stdout: "",
          stderr: "sharp9: error: cannot read missing.jsonl: no such file. Check the path\n")
    )
  }

  @Test func atBeyondTheScriptIsAnError() throws {
    let result = try CLI.run(["reduce", "-", "--at", "6"], stdin: Self.script)
    let message = "sharp9: error: stdin: --at 6 is beyond the script's 5 actions. Give --at 0…5\n"
    #expect(result == CLI.Result(status: 64, stdout: "", stderr: message))
  }

  @Test func aNegativeAtIsAUsageError() throws {
    for at in [["--at=-1"], ["--at", "-1"]] {
      let result = try CLI.run(["reduce", "-"] + at)
      #expect(result.status == 64)
      #expect(result.stdout == "")
      #expect(
        result.stderr
          == "sharp9: error: invalid command line: --at must be 0 or more, not -1. See `sharp9 reduce --help`\n"
      )
    }
  }

  @Test func reduceHelpIsComplete() throws {
    let result = try CLI.run(["reduce", "--help"])
    let expected = """
      OVERVIEW: Apply a session script's actions and print the resulting state as
      JSON.

      The script is JSON Lines: an optional first line
      {"session":{"startedAt":"…","audio":"…"}}, then one action per line with "t",
      seconds since the session started, e.g. {"type":"setA","timeSec":1.25,"t":3.5}.
      docs/reference/interchange.md documents every action.

      The whole script is checked before anything is printed: a bad line is reported
      as "sharp9: error: FILE: line N: …" and the exit status is 65 (bad input data).

      Each action happens at startedAt + t (startedAt defaults to
      1970-01-01T00:00:00Z); the marker it creates gets an id derived from the
      session id 5A0E9D05-5C41-4E0A-9F00-000000000000 and its position in the script
      (1, 2, …), so the output is the same on every run.

      USAGE: sharp9 reduce <script> [--at <n>] [--effects] [--compact]

      ARGUMENTS:
        <script>                The session script; - reads standard input.

      OPTIONS:
        --at <n>                Apply only the first <n> actions (default: all).
        --effects               Print one JSON line per action instead:
                                {"seq","t","action","effects"}.
        --compact               Print the state on one line instead of indented.
        --version               Show the version.
        -h, --help              Show help information.


      """
    #expect(result == CLI.Result(status: 0, stdout: expected, stderr: ""))
  }
}
