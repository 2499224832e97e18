import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Domain
import Sharp9Store
import Testing

/// The render (the CLI's bytes, cached, with Range) and the live stream.
@Suite struct InspectorMediaTests {
  @Test(arguments: ["wav", "flac"])
  func theRenderIsTheBytesRenderWrites(container: String) async throws {
    let fixture = try await InspectorFixture()
    let file = fixture.directory.appending(path: "cli.\(container)")
    try fixture.sharp9(["render", fixture.id, "-o", file.path])
    let expected = try Data(contentsOf: file)
    let id = fixture.id
    try await fixture.test { client in
      let response = try await client.execute(
        uri: "/api/sessions/\(id)/render.\(container)", method: .get)
      #expect(response.status == .ok)
      #expect(Data(response.body.readableBytesView) == expected)
      #expect(response.headers[.acceptRanges] == "bytes")
      let again = try await client.execute(
        uri: "/api/sessions/\(id)/render.\(container)", method: .get)
      #expect(Data(again.body.readableBytesView) == expected)
    }
  }

  @Test func aRangeIsAnsweredWith206AndOutsideTheFileWith416() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      let whole = try await client.execute(uri: "/api/sessions/\(id)/render.wav", method: .get)
      let bytes = [UInt8](whole.body.readableBytesView)
      let part = try await client.execute(
        uri: "/api/sessions/\(id)/render.wav", method: .get, headers: [.range: "bytes=100-199"])
      #expect(part.status == .partialContent)
      #expect([UInt8](part.body.readableBytesView) == Array(bytes[100...199]))
      #expect(part.headers[.contentRange] == "bytes 100-199/\(bytes.count)")
      let tail = try await client.execute(
        uri: "/api/sessions/\(id)/render.wav", method: .get, headers: [.range: "bytes=-10"])
      #expect([UInt8](tail.body.readableBytesView) == Array(bytes.suffix(10)))
      let outside = try await client.execute(
        uri: "/api/sessions/\(id)/render.wav", method: .get,
        headers: [.range: "bytes=\(bytes.count)-"])
      #expect(outside.status == .rangeNotSatisfiable)
    }
  }

  @Test func aRenderIsRedoneWhenTheSessionChanged() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let database = fixture.database
    try await fixture.test { client in
      let before = try await client.execute(uri: "/api/sessions/\(id)/render.wav", method: .get)
      let store = try EventStore(path: database, mode: .mustExist)
      let recorder = try Recorder(store: store, session: try store.session(matching: id))
      _ = try recorder.send(.togglePlay, at: 4)
      _ = try recorder.send(.togglePlay, at: 5)
      let after = try await client.execute(uri: "/api/sessions/\(id)/render.wav", method: .get)
      #expect(after.body.readableBytes > before.body.readableBytes)
    }
  }

  @Test func liveSendsEventsAppendedWhileItWatches() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let database = fixture.database
    try await fixture.test { client in
      let appender = Task {
        try await Task.sleep(for: .milliseconds(300))
        let store = try EventStore(path: database, mode: .mustExist)
        let recorder = try Recorder(store: store, session: try store.session(matching: id))
        _ = try recorder.send(.addMarker(timeSec: 1), at: 4)
        try await Task.sleep(for: .milliseconds(300))
        _ = try recorder.send(.setA(timeSec: 0.1), at: 5)
      }
      let response = try await client.execute(
        uri: "/api/sessions/\(id)/live?after=12&stopAfter=2", method: .get)
      try await appender.value
      #expect(response.headers[.contentType] == "text/event-stream")
      let messages = response.text.components(separatedBy: "\n\n").filter { $0.hasPrefix("id:") }
      // Each appended event once, in order. A loaded machine may start the request after both
      // appends; the stream then carries them in one message, as it would after a reconnect.
      let events = try messages.flatMap { message -> [[String: Any]] in
        let data = message.split(separator: "\n").first { $0.hasPrefix("data: ") } ?? ""
        let array = try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8))
        return array as? [[String: Any]] ?? []
      }
      #expect(events.compactMap { $0["seq"] as? Int } == [13, 14])
      #expect(messages.last?.hasPrefix("id: 14\nevent: events\n") == true)
      #expect(response.text.contains("\"type\":\"addMarker\""))
      #expect(messages.last?.contains("\"type\":\"setA\"") == true)
    }
  }
}
