import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9App
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9Server

/// The sync API (`/api/sync/`): device tokens, ownership, idempotent batches, and hostile bodies
/// that must be refused with a 4xx and a sentence, nothing stored.
@Suite struct SyncRoutesTests {
  /// A server over the fixture's SQLite database with a device token "phone", another "tablet"
  /// and a reader's token "teacher".
  struct Server {
    let fixture: InspectorFixture
    let phone = DeviceSecret.generate()
    let tablet = DeviceSecret.generate()
    let teacher = DeviceSecret.generate()

    init() async throws {
      fixture = try await InspectorFixture()
      let store = try EventStore(path: fixture.database)
      for (name, secret, access) in [
        ("phone", phone, DeviceAccess.device), ("tablet", tablet, .device),
        ("teacher", teacher, .reader),
      ] {
        try store.addDeviceToken(
          DeviceToken(name: name, access: access, createdAt: UnixMilliseconds(value: 0)),
          hash: DeviceSecret.hash(secret))
      }
    }
  }

  static let session = SyncWire.Session(
    SessionRecord(
      id: UUID(uuidString: "5e55a000-0000-4000-8000-000000000001") ?? UUID(), title: "up",
      createdAt: UnixMilliseconds(value: 0),
      startedAt: UnixMilliseconds(value: 1_795_000_000_000), endedAt: nil, audio: nil,
      sharp9Version: "test", reducerVersion: Reducer.version, eventCount: 0, lastT: 0))

  static var path: String { "/api/sync/sessions/\(session.id.uuidString.lowercased())" }

  static func bearer(_ secret: String) -> HTTPFields {
    [.authorization: "Bearer \(secret)", .contentType: "application/json"]
  }

  static func body(_ value: some Encodable) throws -> ByteBuffer {
    ByteBuffer(bytes: try Interchange.encoder().encode(value))
  }

  static func batch(after: Int64, count: Int, session: UUID = session.id) -> SyncWire.Batch {
    SyncWire.Batch(
      after: after,
      events: (0..<count).map { offset in
        let seq = after + 1 + Int64(offset)
        return SyncWire.Event(
          id: SyncWire.eventID(session: session, seq: seq), seq: seq, t: Double(seq) / 10,
          action: .setA(timeSec: Double(seq) / 100))
      })
  }

  /// No token, another scheme, an unknown token: 401; a reader writes nothing; a device reads
  /// and writes only its own sessions; a reader reads them all.
  @Test func tokensDecideWhoReadsAndWrites() async throws {
    let server = try await Server()
    try await server.fixture.test { client in
      for headers: HTTPFields in [
        [:], [.authorization: "Basic \(server.phone)"], Self.bearer(DeviceSecret.generate()),
        Self.bearer("not-hex"),
      ] {
        let response = try await client.execute(
          uri: "/api/sync/sessions", method: .get, headers: headers)
        #expect(response.status == .unauthorized)
        #expect(response.text.contains("\"error\""))
      }
      let asTeacher = try await client.execute(
        uri: Self.path, method: .put, headers: Self.bearer(server.teacher),
        body: try Self.body(Self.session))
      #expect(asTeacher.status == .forbidden)
      let created = try await client.execute(
        uri: Self.path, method: .put, headers: Self.bearer(server.phone),
        body: try Self.body(Self.session))
      #expect(created.status == .created)
      let again = try await client.execute(
        uri: Self.path, method: .put, headers: Self.bearer(server.phone),
        body: try Self.body(Self.session))
      #expect(again.status == .ok)
      for method: HTTPRequest.Method in [.get, .put] {
        let asTablet = try await client.execute(
          uri: Self.path, method: method, headers: Self.bearer(server.tablet),
          body: try Self.body(Self.session))
        #expect(asTablet.status == .forbidden)
        #expect(asTablet.text.contains("belongs to another device"))
      }
      let tabletAppend = try await client.execute(
        uri: Self.path + "/events", method: .post, headers: Self.bearer(server.tablet),
        body: try Self.body(Self.batch(after: 0, count: 3)))
      #expect(tabletAppend.status == .forbidden)
      let phoneList = try await client.execute(
        uri: "/api/sync/sessions", method: .get, headers: Self.bearer(server.phone))
      let phoneSessions = try Interchange.decoder().decode(
        [SyncWire.Session].self, from: Data(phoneList.body.readableBytesView))
      #expect(phoneSessions.map(\.id) == [Self.session.id])
      let teacherList = try await client.execute(
        uri: "/api/sync/sessions", method: .get, headers: Self.bearer(server.teacher))
      let all = try Interchange.decoder().decode(
        [SyncWire.Session].self, from: Data(teacherList.body.readableBytesView))
      #expect(all.count == 2)
      #expect(all.map(\.device).contains("phone"))
    }
  }

  /// A batch sent twice is acknowledged twice and stored once; a partial overlap is 409; a page
  /// read back is what was sent.
  @Test func batchesAreIdempotentByEventID() async throws {
    let server = try await Server()
    try await server.fixture.test { client in
      let phone = Self.bearer(server.phone)
      _ = try await client.execute(
        uri: Self.path, method: .put, headers: phone, body: try Self.body(Self.session))
      let batch = Self.batch(after: 0, count: 40)
      for expected in [false, true] {
        let response = try await client.execute(
          uri: Self.path + "/events", method: .post, headers: phone, body: try Self.body(batch))
        #expect(response.status == .ok)
        let appended = try Interchange.decoder().decode(
          SyncWire.Appended.self, from: Data(response.body.readableBytesView))
        #expect(appended == SyncWire.Appended(head: 40, alreadyStored: expected))
      }
      let overlap = try await client.execute(
        uri: Self.path + "/events", method: .post, headers: phone,
        body: try Self.body(Self.batch(after: 30, count: 20)))
      #expect(overlap.status == .conflict)
      let page = try await client.execute(
        uri: Self.path + "/events?after=0", method: .get, headers: phone)
      let events = try Interchange.decoder().decode(
        SyncWire.Events.self, from: Data(page.body.readableBytesView))
      #expect(events.events == batch.events)
    }
  }

  /// Hostile bodies, from a generator with a fixed seed: noise, cut JSON, wrong shapes, numbers
  /// out of range, events out of order, too many, a lying or huge `Content-Length`, a body over
  /// the limit. Each is a 4xx with a sentence; the session's head never moves; a good batch
  /// still works afterwards.
  @Test func hostileBatchesAreRefusedAndStoreNothing() async throws {
    let server = try await Server()
    try await server.fixture.test { client in
      let phone = Self.bearer(server.phone)
      _ = try await client.execute(
        uri: Self.path, method: .put, headers: phone, body: try Self.body(Self.session))
      var random = SplitMix64(seed: 0x5_9c_2b)
      for round in 0..<200 {
        let (body, extra) = try Self.hostileBatch(&random, round: round)
        var headers = phone
        for (name, value) in extra { headers[name] = value }
        let response = try await client.execute(
          uri: Self.path + "/events", method: .post, headers: headers, body: body)
        #expect(
          (400..<500).contains(response.status.code),
          "round \(round): \(response.status) \(response.text.prefix(200))")
        #expect(response.text.contains("\"error\""), "round \(round)")
      }
      let head = try await client.execute(uri: Self.path, method: .get, headers: phone)
      let session = try Interchange.decoder().decode(
        SyncWire.Session.self, from: Data(head.body.readableBytesView))
      #expect(session.events == 0)
      let good = try await client.execute(
        uri: Self.path + "/events", method: .post, headers: phone,
        body: try Self.body(Self.batch(after: 0, count: 5)))
      #expect(good.status == .ok)
    }
  }

  /// A `Content-Length` that is huge, negative, not a number or over the limit, written on the
  /// socket as it is (a client library would correct it): a 4xx, or the connection closed, and
  /// nothing stored.
  @Test func lyingContentLengthsAreRefused() async throws {
    let server = try await Server()
    try await server.fixture.server.application().test(.live) { client in
      let port = try #require(client.port)
      let put = try await client.execute(
        uri: Self.path, method: .put, headers: Self.bearer(server.phone),
        body: try Self.body(Self.session))
      #expect(put.status == .created)
      let body = String(
        decoding: try Interchange.encoder().encode(Self.batch(after: 0, count: 3)), as: UTF8.self)
      for length in [
        "99999999999999999999", "-5", String(SyncWire.maxBatchBytes + 1), "abc", "1, 2",
      ] {
        let request =
          "POST \(Self.path)/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
          + "Authorization: Bearer \(server.phone)\r\nContent-Length: \(length)\r\n"
          + "Connection: close\r\n\r\n\(body)"
        let answer = try await StoreThread.run { try RawHTTP.send(request, port: port) }
        let status = answer.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        #expect(status.isEmpty || status.hasPrefix("4"), "\(length): \(answer.prefix(80))")
      }
      let head = try await client.execute(
        uri: Self.path, method: .get, headers: Self.bearer(server.phone))
      #expect(head.text.contains("\"events\":0"))
    }
  }

  /// One hostile batch body and the headers sent with it.
  static func hostileBatch(_ random: inout SplitMix64, round: Int) throws
    -> (ByteBuffer, [(HTTPField.Name, String)])
  {
    let valid = try Interchange.encoder().encode(batch(after: 0, count: 3))
    switch round % 10 {
    case 0:
      return (
        ByteBuffer(
          bytes: (0..<Int.random(in: 0...300, using: &random)).map { _ in
            UInt8.random(in: 0...255, using: &random)
          }), []
      )
    case 1:
      return (ByteBuffer(bytes: valid.prefix(Int.random(in: 0..<valid.count, using: &random))), [])
    case 2:
      let shapes = [
        #"{"after":"0","events":[]}"#, #"{"events":[{"id":1}]}"#, "[]", "null", #"{"after":0}"#,
        #"{"after":0,"events":[{"id":"x","seq":1,"t":0,"action":{"type":"nope"}}]}"#,
        #"{"after":1e999,"events":[]}"#,
      ]
      return (ByteBuffer(string: shapes[Int.random(in: 0..<shapes.count, using: &random)]), [])
    case 3:
      let after = [Int64.min, -1, 1 << 60, Int64.max][Int.random(in: 0..<4, using: &random)]
      var bad = batch(after: 0, count: 2)
      bad.after = after
      return (try body(bad), [])
    case 4:
      var bad = batch(after: 0, count: 4)
      bad.events.swapAt(1, 2)
      return (try body(bad), [])
    case 5:
      var bad = batch(after: 0, count: 3)
      bad.events[Int.random(in: 0..<3, using: &random)].t = -Double.random(
        in: 1...1e300, using: &random)
      return (try body(bad), [])
    case 6:
      return (try body(SyncWire.Batch(after: 0, events: [])), [])
    case 7:
      return (try body(batch(after: 0, count: SyncWire.maxBatchEvents + 1)), [])
    case 8:
      var bad = batch(after: 0, count: 3)
      bad.events[1].id = bad.events[0].id
      return (try body(bad), [])
    default:
      return (ByteBuffer(repeating: UInt8(ascii: " "), count: SyncWire.maxBatchBytes + 1), [])
    }
  }
}
