import Foundation
import Sharp9Domain
import Testing

@Suite("Session scripts") struct SessionScriptTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"etude.wav","title":"Bar 12"}}
    {"type":"importPicked","url":"etude.wav","t":0}
    {"type":"importSucceeded","track":{"name":"etude.wav","durationSec":93.5},"t":0.25}
    {"type":"setA","timeSec":1.25,"t":3.5}
    {"type":"setB","timeSec":4,"t":3.5}
    {"type":"clearToastIfExpired","now":"2026-11-21T19:00:09.000Z","t":9}
    {"type":"togglePlay","t":10}

    """

  @Test func parsesHeaderAndActions() throws {
    let script = try SessionScript.parse(Self.script)
    #expect(
      script.header
        == SessionScriptHeader(
          startedAt: Date(timeIntervalSince1970: 1_795_287_600), audio: "etude.wav",
          title: "Bar 12"))
    #expect(script.actions.map(\.t) == [0, 0.25, 3.5, 3.5, 9, 10])
    #expect(script.actions[2] == ScriptedAction(t: 3.5, action: .setA(timeSec: 1.25)))
    #expect(script.actions[5] == ScriptedAction(t: 10, action: .togglePlay))
  }

  @Test func exportImportExportIsByteIdentical() throws {
    let first = try SessionScript.parse(Self.script).encoded()
    #expect(first == Self.script)
    #expect(try SessionScript.parse(first).encoded() == first)
  }

  @Test func everyActionTypeRoundTripsAsAScriptLine() throws {
    let encoder = SessionScriptEncoder()
    for (index, golden) in ActionJSONTests.actionGoldens.enumerated() {
      let line = String(golden.dropLast()) + #","t":\#(index)}"#
      let parsed = try #require(try SessionScriptParser.parseLine(line, number: 1))
      guard case .action(let action, let t) = parsed else {
        Issue.record("not an action: \(line)")
        continue
      }
      #expect(try encoder.line(for: ScriptedAction(t: t ?? -1, action: action)) == line)
    }
  }

  @Test func canonicalLinesPutTypeFirstAndTLast() throws {
    let encoder = SessionScriptEncoder()
    let track = TrackMeta(name: "a", durationSec: 2)
    #expect(
      try encoder.line(for: ScriptedAction(t: 0.1, action: .importSucceeded(track: track)))
        == #"{"type":"importSucceeded","track":{"name":"a","durationSec":2},"t":0.1}"#)
    #expect(try encoder.line(for: SessionScriptHeader()) == #"{"session":{}}"#)
    #expect(
      try encoder.line(for: SessionScriptHeader(audio: "x.wav"))
        == #"{"session":{"audio":"x.wav"}}"#)
  }

  @Test func withoutAHeaderTheDefaultsApply() throws {
    let script = try SessionScript.parse(#"{"type":"markNow","t":1.5}"#)
    #expect(script.header == nil)
    #expect(script.startedAt == Date(timeIntervalSince1970: 0))
    #expect(
      script.context(forActionAt: 0)
        == ActionContext(
          session: SessionScript.unrecordedSessionID, startedAt: Date(timeIntervalSince1970: 0),
          sequence: 1, t: 1.5))
    #expect(SessionScript.unrecordedSessionID.uuidString == "5A0E9D05-5C41-4E0A-9F00-000000000000")
  }

  @Test func blankLinesAndCRLFAreAccepted() throws {
    let text = "\r\n{\"type\":\"togglePlay\",\"t\":1}\r\n   \n{\"type\":\"togglePlay\",\"t\":2}"
    let script = try SessionScript.parse(text)
    #expect(script.actions.map(\.t) == [1, 2])
    #expect(try SessionScript.parse("").actions.isEmpty)
  }

  @Test func equalTimesAreAllowed() throws {
    let text = "{\"type\":\"togglePlay\",\"t\":1}\n{\"type\":\"togglePlay\",\"t\":1}"
    #expect(try SessionScript.parse(text).actions.count == 2)
  }

  @Test(
    arguments: [
      (
        "{\"type\":\"setA\",\"timeSec\":1,\"t\":1",
        "line 2: malformed JSON (each line must be one JSON object)"
      ),
      ("[1,2]", "line 2: expected a JSON object"),
      ("{\"type\":\"setQ\",\"t\":1}", "line 2: field \"type\": unknown action type \"setQ\""),
      ("{\"t\":1}", "line 2: field \"type\": missing"),
      ("{\"type\":\"setA\",\"t\":1}", "line 2: field \"timeSec\": missing"),
      ("{\"type\":\"setA\",\"timeSec\":2}", "line 2: field \"t\": missing"),
      (
        "{\"type\":\"setA\",\"timeSec\":NaN,\"t\":1}",
        "line 2: field \"timeSec\": must be a finite number (NaN and Infinity are not JSON)"
      ),
      (
        "{\"type\":\"skip\",\"seconds\":-Infinity,\"t\":1}",
        "line 2: field \"seconds\": must be a finite number (NaN and Infinity are not JSON)"
      ),
      (
        "{\"type\":\"setA\",\"timeSec\":1e999,\"t\":1}",
        "line 2: field \"timeSec\": must be a finite number (1e999 is out of range)"
      ),
      (
        "{\"type\":\"setA\",\"timeSec\":1,\"t\":1e999}",
        "line 2: field \"t\": must be a finite number (1e999 is out of range)"
      ),
      (
        "{\"type\":\"setA\",\"timeSec\":\"1\",\"t\":1}",
        "line 2: field \"timeSec\": expected a number"
      ),
      (
        "{\"type\":\"setA\",\"timeSec\":null,\"t\":1}",
        "line 2: field \"timeSec\": must not be null"
      ),
      (
        "{\"type\":\"setA\",\"timesec\":1,\"t\":1}",
        "line 2: field \"timesec\": unknown field (a setA line has: timeSec, t)"
      ),
      (
        "{\"type\":\"markNow\",\"timeSec\":1,\"t\":1}",
        "line 2: field \"timeSec\": unknown field (a markNow line has: t)"
      ),
      (
        "{\"type\":\"setA\",\"timeSec\":1,\"t\":-0.5}",
        "line 2: field \"t\": must be >= 0 (seconds since the session started)"
      ),
      (
        "{\"type\":\"togglePlay\",\"t\":0.5}",
        "line 2: field \"t\": 0.5 is before the previous action's 1 (t must not decrease)"
      ),
      (
        "{\"type\":\"importSucceeded\",\"track\":{\"name\":\"x\"},\"t\":1}",
        "line 2: field \"track.durationSec\": missing"
      ),
      (
        "{\"type\":\"importSucceeded\",\"track\":{\"name\":\"x\",\"durationSec\":-1},\"t\":1}",
        "line 2: field \"track.durationSec\": must be a finite number >= 0"
      ),
      (
        "{\"type\":\"setMode\",\"mode\":\"loops\",\"t\":1}",
        "line 2: field \"mode\": \"loops\" is not one of marker, setA, loop, setB"
      ),
      (
        "{\"type\":\"deleteMarker\",\"id\":\"42\",\"t\":1}",
        "line 2: field \"id\": \"42\" is not a UUID"
      ),
      (
        "{\"type\":\"toggleLoopEnabled\",\"enabled\":1,\"t\":1}",
        "line 2: field \"enabled\": expected true or false"
      ),
      (
        "{\"type\":\"importPicked\",\"url\":\"\",\"t\":1}",
        "line 2: field \"url\": \"\" is not a path or URL"
      ),
      (
        "{\"type\":\"clearToastIfExpired\",\"now\":\"today\",\"t\":1}",
        "line 2: field \"now\": \"today\" is not an ISO-8601 date"
      ),
      (
        "{\"session\":{\"audio\":\"x.wav\"}}",
        "line 2: the session header must be the first line of the script"
      ),
    ] as [(String, String)])
  func badLinesAreRejectedNamingLineAndField(line: String, message: String) {
    let text = "{\"type\":\"togglePlay\",\"t\":1}\n" + line + "\n{\"type\":\"togglePlay\",\"t\":9}"
    #expect {
      try SessionScript.parse(text)
    } throws: { error in
      (error as? SessionScriptError)?.description == message
    }
  }

  @Test(
    arguments: [
      (
        "{\"session\":{\"startedAt\":\"soon\"}}",
        "line 1: field \"session.startedAt\": \"soon\" is not an ISO-8601 date"
      ),
      (
        "{\"session\":{\"audio\":\"x\",\"user\":\"me\"}}",
        "line 1: field \"session.user\": unknown field (the session header has: startedAt, audio, title)"
      ),
      (
        "{\"session\":{},\"version\":2}",
        "line 1: field \"version\": unknown field (the session line has: session)"
      ),
    ] as [(String, String)])
  func badHeadersAreRejected(line: String, message: String) {
    #expect {
      try SessionScript.parse(line)
    } throws: { error in
      (error as? SessionScriptError)?.description == message
    }
  }

  @Test func theLiveRecorderMayOmitT() throws {
    let line = try SessionScriptParser.parseLine(
      #"{"type":"togglePlay"}"#, number: 4, requiresTime: false)
    #expect(line == .action(.togglePlay, t: nil))
    #expect(try SessionScriptParser.parseLine("  ", number: 5, requiresTime: false) == nil)
    #expect(throws: SessionScriptError(line: 4, message: "field \"t\": missing")) {
      try SessionScriptParser.parseLine(#"{"type":"togglePlay"}"#, number: 4)
    }
  }

  @Test func theStreamingParserTracksItsPosition() throws {
    var parser = SessionScriptParser()
    #expect(try parser.parse(line: #"{"session":{"audio":"a.wav"}}"#) == nil)
    #expect(try parser.parse(line: "") == nil)
    #expect(
      try parser.parse(line: #"{"type":"markNow","t":2}"#) == ScriptedAction(t: 2, action: .markNow)
    )
    #expect(parser.lineNumber == 3)
    #expect(parser.actionCount == 1)
    #expect(parser.lastT == 2)
    #expect(parser.header == SessionScriptHeader(audio: "a.wav"))
  }
}
