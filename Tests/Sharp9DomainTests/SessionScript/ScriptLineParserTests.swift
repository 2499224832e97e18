import Foundation
import Testing

@testable import Sharp9Domain

/// The one script-line parser: its fast front takes the common lines in every writer's form and
/// gives exactly what the full stages give; every other line gets one verdict, whoever reads it.
@Suite struct ScriptLineParserTests {
  private static let parser = ScriptLineParser()

  private static func withBytes<T>(_ line: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
    var line = line
    return line.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }

  private static func full(_ line: String, requiresTime: Bool = false)
    -> Result<SessionScriptLine?, SessionScriptError>
  {
    withBytes(line) { bytes in
      Result { () throws(SessionScriptError) in
        try parser.parseFully(bytes, number: 3, requiresTime: requiresTime)
      }
    }
  }

  private static func front(_ line: String) -> SessionScriptLine? {
    withBytes(line) { bytes in FastActionLine.parse(bytes).map { .action($0.action, t: $0.t) } }
  }

  private static func verdict(_ line: String) -> String? {
    switch full(line) {
    case .success: nil
    case .failure(let error): error.message
    }
  }

  @Test(arguments: [
    #"{"type":"tick","currentTimeSec":1.5,"t":2}"#,
    #"{"t": 2, "type": "tick", "currentTimeSec": 1.5}"#,
    #"{"type":"tick","t":2,"currentTimeSec":1.5}"#,
    " \t{ \"type\" : \"tick\" ,\"currentTimeSec\":1e-3 , \"t\":2E+1 }  ",
    #"{"type":"tick","currentTimeSec":-0,"t":0.1000000000000000055511151231257827}"#,
    #"{"type":"tick","currentTimeSec":12345678901234567890,"t":2}"#,
    #"{"type":"tick","currentTimeSec":5e-324}"#,
    #"{"type":"togglePlay"}"#,
    #"{"type":"clearToastIfExpired","t":4}"#,
    #"{"type":"setMode","mode":"setB","t":1e2}"#,
    #"{"type":"setLocked","locked":true}"#,
    #"{"enabled": false, "t": 0, "type": "toggleLoopEnabled"}"#,
    #"{"type":"undo","t":-0.0}"#,
  ])
  func theFrontTakesCommonLinesAndAgreesWithTheFullStages(line: String) throws {
    let fast = try #require(Self.front(line), "the front did not take \(line)")
    #expect(Self.full(line) == .success(fast))
  }

  @Test(arguments: [
    #"{"type":"tick","currentTimeSec":1,"currentTimeSec":2,"t":2}"#,
    #"{"type":"tick","currentTimeSec":1,"t":2,"t":3}"#,
    #"{"type":"tick","type":"tick","currentTimeSec":1}"#,
    #"{"type":"tick","currentTimeSec":1e400,"t":2}"#,
    #"{"type":"tick","currentTimeSec":1e-400,"t":2}"#,
    #"{"type":"tick","currentTimeSec":01,"t":2}"#,
    #"{"type":"tick","currentTimeSec":"1","t":2}"#,
    #"{"type":"tick","currentTimeSec":1,"t":-1}"#,
    #"{"type":"tick","currentTimeSec":1,"extra":3}"#,
    #"{"type":"tick"}"#,
    #"{"type":"tock"}"#,
    #"{"type":"importFailed","message":"x"}"#,
    #"{"type":"setMode","mode":"sideways"}"#,
    #"{"type":"setLocked","locked":1}"#,
    #"{}"#,
  ])
  func theFrontLeavesEverythingElseToTheFullStages(line: String) {
    #expect(Self.front(line) == nil)
  }

  @Test func duplicateKeysAreAnErrorAtAnyDepth() {
    #expect(
      Self.verdict(#"{"type":"tick","currentTimeSec":1,"currentTimeSec":2,"t":2}"#)
        == #"field "currentTimeSec": given twice (give each field once)"#)
    #expect(
      Self.verdict(
        #"{"type":"importSucceeded","track":{"name":"a","name":"b","durationSec":1},"t":0}"#)
        == #"field "track.name": given twice (give each field once)"#)
  }

  @Test func numbersADoubleCannotHoldAreAnError() {
    #expect(
      Self.verdict(#"{"type":"tick","currentTimeSec":1e-400,"t":2}"#)
        == #"field "currentTimeSec": 1e-400 is too close to 0 for a Double (write 0)"#)
    #expect(
      Self.verdict(#"{"type":"tick","currentTimeSec":1e400,"t":2}"#)
        == #"field "currentTimeSec": must be a finite number (1e400 is out of range)"#)
    #expect(
      Self.verdict(#"{"type":"tick","currentTimeSec":NaN,"t":2}"#)
        == #"field "currentTimeSec": must be a finite number (NaN and Infinity are not JSON)"#)
    #expect(Self.verdict(#"{"type":"tick","currentTimeSec":0e-400,"t":2}"#) == nil)
  }

  @Test func bytesThatAreNotUTF8OrNotJSONAreAnError() {
    let invalid: [UInt8] =
      Array(#"{"type":"importFailed","message":""#.utf8) + [0xFF, 0xFE]
      + Array(#""}"#.utf8)
    let result = invalid.withUnsafeBytes { bytes in
      Result { () throws(SessionScriptError) in
        try Self.parser.parse(bytes, number: 7, requiresTime: false)
      }
    }
    #expect(result == .failure(SessionScriptError(line: 7, message: "not valid UTF-8 text")))
    #expect(
      Self.verdict("\u{01}\u{02}binary{") == "malformed JSON (each line must be one JSON object)")
    #expect(
      Self.verdict(String(repeating: "[", count: 100_000))
        == "malformed JSON (each line must be one JSON object)")
  }

  @Test func reduceAndImportReadTheSameScriptAlike() throws {
    // `reduce` parses text, `import` bytes: both through `SessionScriptParser`.
    let script =
      "{\"t\": 0, \"type\": \"onAppear\"}\n{\"type\":\"tick\",\"currentTimeSec\":1e-400,\"t\":1}\n"
    var viaBytes = SessionScriptParser()
    var bytesError: SessionScriptError?
    for line in script.utf8.split(separator: UInt8(ascii: "\n")) {
      do {
        _ = try Array(line).withUnsafeBytes { bytes in
          try Result { () throws(SessionScriptError) in try viaBytes.parse(bytes: bytes) }.get()
        }
      } catch {
        bytesError = error as? SessionScriptError
        break
      }
    }
    let expected = try #require(bytesError)
    #expect(expected.line == 2)
    #expect(throws: expected) { try SessionScript.parse(script) }
    #expect(throws: expected) { try SessionScript.parse(Data(script.utf8)) }
  }
}
