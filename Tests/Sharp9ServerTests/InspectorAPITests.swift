import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9App
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9Server
@testable import sharp9

/// Every read endpoint against what the `sharp9` binary prints for the same session.
@Suite struct InspectorAPITests {
  @Test func sessionsListTheImportedSession() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      let response = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(response.status == .ok)
      let sessions =
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        as? [[String: Any]]
      #expect(sessions?.count == 1)
      #expect(sessions?.first?["id"] as? String == id)
      #expect(sessions?.first?["events"] as? Int == 12)
      #expect(sessions?.first?["title"] as? String == "loop")
      #expect(sessions?.first?["audio"] as? String == "tone.wav")
    }
  }

  @Test(arguments: [0, 5, 12])
  func stateIsWhatStateJSONPrints(at seq: Int) async throws {
    let fixture = try await InspectorFixture()
    let expected = try fixture.sharp9(["state", fixture.id, "--at", String(seq), "--json"])
    let id = fixture.id
    try await fixture.test { client in
      let response = try await client.execute(
        uri: "/api/sessions/\(id)/state?at=\(seq)", method: .get)
      #expect(response.status == .ok)
      #expect(response.text == expected)
    }
  }

  @Test func anUnknownSessionIs404AndAnEventOutOfRange400() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      let missing = try await client.execute(uri: "/api/sessions/ffffffff/state", method: .get)
      #expect(missing.status == .notFound)
      #expect(missing.text.contains("\"error\""))
      let late = try await client.execute(uri: "/api/sessions/\(id)/state?at=13", method: .get)
      #expect(late.status == .badRequest)
      let bad = try await client.execute(uri: "/api/sessions/\(id)/events?kinds=nope", method: .get)
      #expect(bad.status == .badRequest)
    }
  }

  @Test func eventsCarryTheExportedActionsWithoutTAndTheirEffects() async throws {
    let fixture = try await InspectorFixture()
    let exported = try fixture.sharp9(["export", fixture.id]).split(separator: "\n").dropFirst()
    let id = fixture.id
    try await fixture.test { client in
      let response = try await client.execute(
        uri: "/api/sessions/\(id)/events?from=1&limit=100", method: .get)
      let rows = try #require(
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
          as? [[String: Any]])
      #expect(rows.count == exported.count)
      for (row, line) in zip(rows, exported) {
        var action = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(action.removeValue(forKey: "t") as? Double == row["t"] as? Double)
        #expect(
          NSDictionary(dictionary: action)
            == NSDictionary(dictionary: row["action"] as? [String: Any] ?? [:]))
      }
      // togglePlay (event 3) asks the engine to play.
      let effects = rows[2]["effects"] as? [[String: Any]]
      #expect(effects?.map { $0["type"] as? String } == ["enginePlay"])
      let page = try await client.execute(
        uri: "/api/sessions/\(id)/events?from=4&limit=2&kinds=setB,undo", method: .get)
      let picked =
        try JSONSerialization.jsonObject(with: Data(page.body.readableBytesView))
        as? [[String: Any]]
      #expect(picked?.map { $0["seq"] as? Int } == [5, 10])
    }
  }

  @Test func theIndexHasOneKindByteAndOneTimePerEvent() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      // The first answers may be partial (kinds only) while the replay runs; then complete.
      var index = try await client.execute(uri: "/api/sessions/\(id)/index", method: .get)
      for _ in 0..<200 where index.headers[.sharp9Index] == "partial" {
        #expect([UInt8](index.body.readableBytesView).allSatisfy { $0 & 0x80 == 0 })
        try await Task.sleep(for: .milliseconds(20))
        index = try await client.execute(uri: "/api/sessions/\(id)/index", method: .get)
      }
      #expect(index.headers[.sharp9Index] == "complete")
      let bytes = [UInt8](index.body.readableBytesView)
      #expect(bytes.count == 12)
      let kinds = index.headers[.sharp9Kinds]?.split(separator: ",")
      #expect(kinds?.count == Action.Kind.allCases.count)
      #expect(kinds.map { String($0[Int(bytes[2] & 0x7f)]) } == "togglePlay")
      #expect(bytes[2] & 0x80 != 0)  // playing changed
      #expect(bytes[11] & 0x80 == 0)  // clearToastIfExpired with no toast changes nothing
      let times = try await client.execute(uri: "/api/sessions/\(id)/times", method: .get)
      #expect(times.body.readableBytes == 12 * 4)
    }
  }

  @Test func theSearchMatchesSummaryTextNotOnlyKinds() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      func matches(_ query: String) async throws -> [Int] {
        let response = try await client.execute(
          uri: "/api/sessions/\(id)/search?q=\(query)", method: .get)
        #expect(response.status == .ok)
        let bytes = [UInt8](response.body.readableBytesView)
        #expect(bytes.count == 12)
        return bytes.indices.filter { bytes[$0] == 1 }.map { $0 + 1 }
      }
      // "set A 00:00.25": words of the summary, in no kind's name.
      let setA = try await matches("00:00.25")
      let loopOn = try await matches("Loop%20ON")
      let setB = try await matches("setb")  // the kind, any case
      let none = try await matches("nothing%20like%20this")
      #expect(setA == [4])
      #expect(loopOn == [6])
      #expect(setB == [5])
      #expect(none == [])
    }
  }

  @Test func sessionsHistoryVerifyAndCheckAreWhatTheirJSONPrints() async throws {
    let fixture = try await InspectorFixture()
    let sessions = try fixture.sharp9(["sessions", "--json"]).split(separator: "\n")
    let expected = [
      "/api/sessions": "[" + sessions.joined(separator: ",") + "]\n",
      "/api/sessions/\(fixture.id)": sessions.joined() + "\n",
      "/api/sessions/\(fixture.id)/history?at=10":
        try fixture.sharp9(["history", fixture.id, "--at", "10", "--json"]),
      "/api/sessions/\(fixture.id)/verify": try fixture.sharp9(["verify", fixture.id, "--json"]),
      "/api/sessions/\(fixture.id)/check": try fixture.sharp9(["check", fixture.id, "--json"]),
    ]
    #expect(
      expected["/api/sessions/\(fixture.id)/history?at=10"]?.contains("\"applied\":false") == true)
    try await fixture.test { client in
      for (uri, text) in expected {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .ok)
        #expect(response.text == text, "\(uri)")
      }
    }
  }

  @Test func timelineAndPeaksAreWhatTheCommandsPrint() async throws {
    let fixture = try await InspectorFixture()
    let lines = try fixture.sharp9(["timeline", fixture.id, "--json", "--report"])
      .split(separator: "\n").map(String.init)
    let peaks = try InspectorFixture.sharp9(
      ["peaks", "tone.wav", "--buckets", "64", "--json"], in: fixture.directory)
    let id = fixture.id
    try await fixture.test { client in
      let response = try await client.execute(uri: "/api/sessions/\(id)/timeline", method: .get)
      let expected =
        "{\"segments\":[" + lines.dropLast().joined(separator: ",") + "],\"drift\":"
        + (lines.last ?? "")
      #expect(response.text.hasPrefix(expected))
      #expect(response.text.contains("\"driftPoints\":[{\"t\":1.5,"))
      // Written element by element: the same bytes as the whole document through the writer.
      let timeline = try await fixture.server.library.withStore("the timeline") { store in
        let session = try store.session(matching: id)
        var timeline = try SessionTimeline.of(session, in: store)
        timeline.driftPoints = try DriftPoints.of(session, in: store, segments: timeline.segments)
        return timeline
      }
      #expect(!timeline.segments.isEmpty && !timeline.driftPoints.isEmpty)
      #expect(response.text == (try Interchange.string(timeline)))
      let wave = try await client.execute(uri: "/api/sessions/\(id)/peaks?buckets=64", method: .get)
      #expect(wave.text + "\n" == peaks)
    }
  }

  @Test func theExportIsTheCLIsExport() async throws {
    let fixture = try await InspectorFixture()
    let expected = try fixture.sharp9(["export", fixture.id])
    let id = fixture.id
    try await fixture.test { client in
      let response = try await client.execute(uri: "/api/sessions/\(id)/export.jsonl", method: .get)
      #expect(response.text == expected)
    }
  }
}
