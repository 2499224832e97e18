import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The import reader (fast path + full parser) must agree with `SessionScriptParser` exactly:
/// same actions and times bit for bit, same header, same errors.
@Suite struct ScriptLineReaderTests {
  private func viaReader(_ text: String) -> Result<SessionScript, SessionScriptError> {
    var reader = ScriptLineReader()
    var actions: [ScriptedAction] = []
    for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      do {
        if let scripted = try reader.next(Substring(bytes)) { actions.append(scripted) }
      } catch {
        return .failure(error)
      }
    }
    return .success(SessionScript(header: reader.header, actions: actions))
  }

  private func viaParser(_ text: String) -> Result<SessionScript, SessionScriptError> {
    Result { () throws(SessionScriptError) in try SessionScript.parse(text) }
  }

  @Test func randomCanonicalScriptsParseIdentically() throws {
    let session = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
    for seed in UInt64(1)...4 {
      let actions = RandomSession.actions(count: 500, seed: seed, session: session)
      let script = SessionScript(
        header: SessionScriptHeader(startedAt: Date(timeIntervalSince1970: 0), title: "x"),
        actions: actions.map { ScriptedAction(t: $0.t, action: $0.action) })
      let text = try script.encoded()
      let reader = try viaReader(text).get()
      #expect(reader.actions.count == 500)
      #expect(reader == (try viaParser(text).get()))
    }
  }

  @Test(arguments: [
    #"{"type":"tick","currentTimeSec":1.5,"t":2}"#,
    #"{"t":2,"type":"tick","currentTimeSec":1.5}"#,
    #"{"type":"tick","currentTimeSec":1e-3,"t":2E+1}"#,
    #"{"type":"tick","currentTimeSec":-0,"t":0.1000000000000000055511151231257827}"#,
    #"{"type":"tick","currentTimeSec":1e999,"t":2}"#,
    #"{"type":"tick","currentTimeSec":01,"t":2}"#,
    #"{"type":"tick","currentTimeSec":1.,"t":2}"#,
    #"{"type":"tick","currentTimeSec":"1","t":2}"#,
    #"{"type":"tick","currentTimeSec":1,"t":-1}"#,
    #"{"type":"tick","currentTimeSec":1}"#,
    #"{"type":"tick","currentTimeSec":1,"t":2,"extra":3}"#,
    #"{"type":"tick","currentTimeSec":1,"currentTimeSec":2,"t":2}"#,
    #"{"type":"tick","t":2}"#,
    #"{"type":"tock","t":2}"#,
    #"{"type":"togglePlay","t":2} "#,
    #"{"type":"togglePlay","t":2}"# + "\r",
    #"{"type":"setMode","mode":"setB","t":2}"#,
    #"{"type":"setMode","mode":"sideways","t":2}"#,
    #"{"type":"setLocked","locked":true,"t":2}"#,
    #"{"type":"setLocked","locked":1,"t":2}"#,
    #"{"type":"toggleLoopEnabled","enabled":false,"t":2}"#,
    #"{"type":"toggleLoopEnabled","enabled":fals,"t":2}"#,
    #"{"type":"clearToastIfExpired","t":2}"#,
    #"{"type":"importFailed","message":"caf\u00e9","t":2}"#,
    #"{"type":"deleteMarker","id":"01020304-0506-0708-090A-0B0C0D0E0F10","t":2}"#,
    #"{"type":"speedDelta","delta":-0.05,"t":2}"#,
    #"{"type":"skip","seconds":-5,"t":2}"#,
    #"{"type":"tick","currentTimeSec":1,"t":2"#,
    #"{"t":2,"type":"tick","currentTimeSec":1}"#,
    #"{"type":"undo","t":-0.0}"#,
    #"{"type":"tick","t":2,"currentTimeSec":1}"#,
    #"{"type":"tick","currentTimeSec":1,"currentTimeSec":3,"t":2}"#,
    #"{"type":"tick","currentTimeSec":1,"t":2,"t":3}"#,
    #"{"type":"setMode","mode":"loop","t":1e2}"#,
    #"{"type":"tick","currentTimeSec":12345678901234567890,"t":2}"#,
    #"{"type":"tick","currentTimeSec":1e400,"t":2}"#,
    #"["type","tick"]"#,
    "",
  ])
  func singleLinesAgree(line: String) {
    let text = "{\"type\":\"onAppear\",\"t\":1}\n" + line + "\n"
    #expect(viaReader(text) == viaParser(text))
  }

  @Test func commonLinesTakeTheFastPath() {
    #expect(FastActionLine.parse(#"{"type":"tick","currentTimeSec":1.5,"t":2}"#)?.t == 2)
    #expect(
      FastActionLine.parse(#"{"type":"setMode","mode":"setA","t":0}"#)?.action == .setMode(.setA))
    #expect(FastActionLine.parse(#"{"type":"tick", "currentTimeSec":1.5,"t":2}"#) == nil)
    #expect(FastActionLine.parse(#"{"type":"importFailed","message":"x","t":2}"#) == nil)
    #expect(FastActionLine.parse(#"{"type":"tick","t":2,"currentTimeSec":1.5}"#) == nil)
  }

  @Test func orderingRulesAndErrorsAgree() {
    let scripts = [
      "{\"type\":\"onAppear\",\"t\":2}\n{\"type\":\"togglePlay\",\"t\":1.5}\n",
      "{\"type\":\"onAppear\",\"t\":2}\n{\"session\":{\"title\":\"late\"}}\n",
      "\n\n{\"session\":{\"title\":\"ok\"}}\n{\"type\":\"onAppear\",\"t\":0}\n",
      "{\"type\":\"onAppear\",\"t\":2}\n\n{\"type\":\"onAppear\",\"t\":1}\n",
    ]
    for script in scripts {
      #expect(viaReader(script) == viaParser(script), "\(script)")
    }
  }
}
