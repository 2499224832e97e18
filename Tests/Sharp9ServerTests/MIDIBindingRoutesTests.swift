import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9Server

/// `sharp9 app`'s MIDI bindings through its API: a binding learned is kept; a press of a bound
/// message is its key's action, once, and an unbound one is nothing; hostile bindings are
/// refused with a sentence and nothing is stored; the song library lists a song practised and
/// opens it again.
@Suite(.serialized) struct MIDIBindingRoutesTests {
  typealias Fixture = PracticeRoutesTests.Fixture

  func post(
    _ client: any TestClientProtocol, _ uri: String, _ body: String
  ) async throws -> TestResponse {
    try await client.execute(
      uri: uri, method: .post, headers: withToken, body: ByteBuffer(string: body))
  }

  @Test func aBoundPressSendsItsKeysActionAndAnUnboundOneNothing() async throws {
    let fixture = try Fixture()
    let tone = try fixture.tone
    try await fixture.test { client in
      let upload = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, headers: withToken, body: tone)
      #expect(upload.status == .created)
      let bound = try await post(
        client, "/api/app/midi-bindings",
        #"{"kind":"controlChange","channel":1,"number":64,"key":"="}"#)
      #expect(bound.status == .created, "\(bound.text)")
      #expect(bound.text == #"{"kind":"controlChange","channel":1,"number":64,"key":"="}"#)
      for message in [
        #"{"kind":"controlChange","channel":1,"number":64}"#,
        #"{"kind":"controlChange","channel":2,"number":64}"#,
        #"{"kind":"note","channel":1,"number":64}"#,
      ] {
        let sent = try await post(client, "/api/app/input", #"{"midi":\#(message)}"#)
        #expect(sent.status == .ok, "\(message): \(sent.text)")
      }
      for body in [
        #"{"midi":{"kind":"note","channel":0,"number":1}}"#,
        #"{"midi":{"kind":"note","channel":1,"number":128}}"#,
        #"{"midi":{"kind":"sysex","channel":1,"number":1}}"#,
        #"{"midi":{"kind":"note","channel":1,"number":1,"key":"="}}"#,
        #"{"midi":{"kind":"note","channel":1,"number":1},"key":"="}"#,
      ] {
        let refused = try await post(client, "/api/app/input", body)
        #expect(refused.status == .badRequest, "\(body): \(refused.text)")
      }
      let listed = try await client.execute(uri: "/api/app/midi-bindings", method: .get)
      #expect(listed.text == #"[{"kind":"controlChange","channel":1,"number":64,"key":"="}]"#)
    }
    let actions = try #require(try fixture.recorded().first).filter {
      ![.tick, .clearToastIfExpired, .beatGridDetected].contains($0)
    }
    #expect(actions == [.importPicked, .importSucceeded, .speedDelta])
  }

  @Test func aHostileBindingIsRefusedWithASentenceAndNothingStored() async throws {
    let fixture = try Fixture()
    try await fixture.test { client in
      for body in [
        #"{"kind":"note","channel":1,"number":60,"key":"q"}"#,
        #"{"kind":"note","channel":1,"number":60,"key":"z"}"#,
        #"{"kind":"note","channel":1,"number":60,"key":"\u0000"}"#,
        #"{"kind":"note","channel":1,"number":60,"key":"\#(String(repeating: "=", count: 5000))"}"#,
        #"{"kind":"Note","channel":1,"number":60,"key":"m"}"#,
        #"{"kind":"note","channel":-1,"number":60,"key":"m"}"#,
        #"{"kind":"note","channel":1,"number":1e400,"key":"m"}"#,
        #"{"kind":"note","channel":1,"number":NaN,"key":"m"}"#,
        #"{"kind":"note","channel":1,"number":99999999999999999999,"key":"m"}"#,
        #"{"kind":"note","channel":1,"number":60,"key":"m","action":"undo"}"#,
        #"{"kind":"note","channel":1,"key":"m"}"#, "[]", "null", "",
      ] {
        let refused = try await post(client, "/api/app/midi-bindings", body)
        #expect(
          [HTTPResponse.Status.badRequest, .contentTooLarge].contains(refused.status),
          "\(body.prefix(60)): \(refused.text)")
        #expect(refused.text.hasPrefix(#"{"error":""#), "\(refused.text)")
      }
      let listed = try await client.execute(uri: "/api/app/midi-bindings", method: .get)
      #expect(listed.text == "[]")
    }
    #expect(try EventStore(path: fixture.database).midiBindings() == [])
  }

  @Test func aDeviceIsChosenByItsListedNameOnly() async throws {
    let fixture = try Fixture()
    try await fixture.test { client in
      let listed = try await client.execute(uri: "/api/app/devices", method: .get)
      // PortAudio's outputs, or (on a machine without audio) why there are none.
      #expect([.ok, .serviceUnavailable].contains(listed.status), "\(listed.text)")
      #expect(listed.text.hasPrefix(listed.status == .ok ? #"{"devices":"# : #"{"error":""#))
      let unknown = try await post(client, "/api/app/device", #"{"name":"no such device"}"#)
      #expect(unknown.status == .unprocessableContent, "\(unknown.text)")
      #expect(unknown.text.hasPrefix(#"{"error":"no "#))
      for body in ["{}", #"{"name":1}"#, "[]", "null"] {
        let refused = try await post(client, "/api/app/device", body)
        #expect(refused.status == .badRequest, "\(body): \(refused.text)")
        #expect(refused.text == #"{"error":"choose a device as {\"name\": NAME}"}"#)
      }
    }
  }

  @Test func theLibraryListsASongPractisedAndOpensIt() async throws {
    let fixture = try Fixture()
    let tone = try fixture.tone
    try await fixture.test { client in
      let empty = try await client.execute(uri: "/api/app/library", method: .get)
      #expect(empty.text == "[]")
      _ = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, headers: withToken, body: tone)
      _ = try await client.execute(uri: "/api/app/close", method: .post, headers: withToken)
      let listed = try await client.execute(uri: "/api/app/library", method: .get)
      let songs = try JSONSerialization.jsonObject(with: Data(listed.text.utf8)) as? [[String: Any]]
      let song = try #require(songs?.first)
      #expect(songs?.count == 1)
      #expect(song["title"] as? String == "tone.wav")
      #expect(song["durationText"] as? String == "00:02.00")
      #expect(song["sessions"] as? Int == 1)
      let hash = try #require(song["song"] as? String)
      let opened = try await post(client, "/api/app/library/open", #"{"song":"\#(hash)"}"#)
      #expect(opened.status == .ok, "\(opened.text)")
      // The offer to continue its session shows in the next snapshot published.
      let deadline = ContinuousClock.now + .seconds(5)
      while !fixture.host.snapshot.json.contains(#""offer":{"#), ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(fixture.host.snapshot.json.contains(#""offer":{"#))
      let unknown = try await post(
        client, "/api/app/library/open", #"{"song":"\#(String(repeating: "a", count: 64))"}"#)
      #expect(unknown.status == .notFound)
    }
  }
}
