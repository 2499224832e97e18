import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// `sharp9 record`'s line parser (fast path + full parser) must agree with
/// `SessionScriptParser.parseLine(requiresTime: false)` exactly: same action and `t` bit for bit
/// (or no `t`), same errors.
@Suite struct LiveActionLineTests {
  private func agree(_ line: String) -> Bool {
    let live = Result { () throws(SessionScriptError) in try LiveActionLine.parse(line, number: 3) }
    let full = Result { () throws(SessionScriptError) in
      try SessionScriptParser.parseLine(line, number: 3, requiresTime: false)
    }
    return live == full
  }

  @Test(arguments: [
    #"{"type":"tick","currentTimeSec":1.5}"#,
    #"{"type":"tick","currentTimeSec":1.5,"t":2}"#,
    #"{"t":0.1000000000000000055511151231257827,"type":"tick","currentTimeSec":-0}"#,
    #"{"type":"tick","currentTimeSec":1,"t":-1}"#,
    #"{"type":"tick","currentTimeSec":1,"t":"2"}"#,
    #"{"type":"tick","currentTimeSec":1,"t":null}"#,
    #"{"type":"tick"}"#,
    #"{"type":"tick","currentTimeSec":1,"extra":3}"#,
    #"{"type":"togglePlay"}"#,
    #"{"type":"togglePlay"} "#,
    #"{"type":"togglePlay"}"# + "\r",
    #"{"type":"clearToastIfExpired"}"#,
    #"{"type":"clearToastIfExpired","t":4}"#,
    #"{"type":"setMode","mode":"setB"}"#,
    #"{"type":"setLocked","locked":true}"#,
    #"{"type":"importFailed","message":"caf\u00e9"}"#,
    #"{"session":{"title":"x"}}"#,
    "not json",
    "",
    "  ",
  ])
  func linesAgreeWithTheFullParser(line: String) {
    #expect(agree(line))
  }

  @Test func randomActionLinesAgree() throws {
    let session = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
    for (t, action) in RandomSession.actions(count: 300, seed: 9, session: session) {
      let line = try Interchange.string(action)
      #expect(agree(line), "\(line)")
      let timed = String(line.dropLast()) + ",\"t\":\(t)}"
      #expect(agree(timed), "\(timed)")
      // A file URL comes back from the interchange text as a path URL: equal text, not value.
      if case .importPicked = action { continue }
      #expect(try LiveActionLine.parse(line, number: 1) == .action(action, t: nil), "\(line)")
    }
  }

  @Test func commonLinesTakeTheFastPath() throws {
    let tick = #"{"type":"tick","currentTimeSec":1.5}"#
    let fast = tick.utf8.withContiguousStorageIfAvailable {
      FastActionLine.parse(UnsafeRawBufferPointer($0), timeIsOptional: true)
    }
    let parsed = try #require(fast ?? nil)
    #expect(parsed.action == .tick(currentTimeSec: 1.5) && parsed.t == nil)
  }
}
