import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9Server

/// Bound beyond loopback, the API reads only with the per-run token or a reader's token; bound
/// to loopback, as before, without.
@Suite struct ReadGuardTests {
  /// Reads a page of the inspector, its API and a download ask for.
  static func reads(_ id: String) -> [String] {
    [
      "/api/sessions", "/api/sessions/\(id)", "/api/sessions/\(id)/events?from=1&limit=5",
      "/api/sessions/\(id)/state?at=3", "/api/sessions/\(id)/export.jsonl", "/api/journal",
    ]
  }

  @Test func beyondLoopbackAReadNeedsTheTokenOrAReadersToken() async throws {
    let fixture = try await InspectorFixture(host: "0.0.0.0")
    let store = try EventStore(path: fixture.database)
    let (reader, device) = (DeviceSecret.generate(), DeviceSecret.generate())
    for (name, secret, access) in [
      ("teacher", reader, DeviceAccess.reader), ("phone", device, .device),
    ] {
      try store.addDeviceToken(
        DeviceToken(name: name, access: access, createdAt: UnixMilliseconds(value: 0)),
        hash: DeviceSecret.hash(secret))
    }
    let id = fixture.id
    try await fixture.test { client in
      for path in Self.reads(id) {
        let bare = try await client.execute(uri: path, method: .get)
        #expect(bare.status == .unauthorized, "\(path)")
        #expect(bare.text.contains("needs the token of the URL the server printed"), "\(path)")
        #expect(!bare.text.contains(fixture.database) && !bare.text.contains("SELECT"))
        let head = try await client.execute(uri: path, method: .head)
        #expect(head.status == .unauthorized, "HEAD \(path)")
        let header = try await client.execute(
          uri: path, method: .get, headers: [.sharp9Token: InspectorFixture.token])
        #expect(header.status == .ok, "\(path): \(header.text)")
        let query = path + (path.contains("?") ? "&" : "?") + "token=\(InspectorFixture.token)"
        #expect(try await client.execute(uri: query, method: .get).status == .ok, "\(query)")
        let teacher = try await client.execute(
          uri: path, method: .get, headers: [.authorization: "Bearer \(reader)"])
        #expect(teacher.status == .ok, "\(path) with a reader's token")
        let phone = try await client.execute(
          uri: path, method: .get, headers: [.authorization: "Bearer \(device)"])
        #expect(phone.status == .unauthorized, "\(path) with a device's token")
      }
      // Pages and assets hold no data: they load, and then read with the token of the URL.
      for page in ["/", "/sessions/\(id)", "/assets/api.js"] {
        #expect(try await client.execute(uri: page, method: .get).status == .ok, "\(page)")
      }
    }
  }

  /// Anything but the token itself is refused, in the header and in the query: generated near
  /// misses (a prefix, a character changed or added, case changed) and junk, fixed seeds. (Blanks
  /// around a header's value are not part of it in HTTP, so they are no near miss.)
  @Test(arguments: [1, 2, 3] as [UInt64])
  func nearMissesAndJunkAreRefused(seed: UInt64) async throws {
    let fixture = try await InspectorFixture(host: "0.0.0.0")
    var random = SplitMix64(seed: seed)
    let token = InspectorFixture.token
    var candidates = ["", " ", token.uppercased(), token + "x", String(token.dropLast())]
    for _ in 0..<20 {
      var characters = Array(token)
      let index = Int.random(in: 0..<characters.count, using: &random)
      characters[index] = Character(
        UnicodeScalar(UInt8.random(in: 0x21...0x7E, using: &random)))
      if String(characters) != token { candidates.append(String(characters)) }
      let length = Int.random(in: 1...300, using: &random)
      candidates.append(
        String(
          (0..<length).map { _ in
            Character(UnicodeScalar(UInt8.random(in: 0x30...0x7A, using: &random)))
          }))
    }
    let probes = candidates
    try await fixture.test { client in
      for candidate in probes {
        let header = try await client.execute(
          uri: "/api/sessions", method: .get, headers: [.sharp9Token: candidate])
        #expect(header.status == .unauthorized, "header \(candidate)")
        let escaped =
          candidate.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let query = try await client.execute(uri: "/api/sessions?token=\(escaped)", method: .get)
        #expect(query.status == .unauthorized, "query \(candidate)")
      }
    }
  }

  @Test func onLoopbackReadsNeedNothing() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      for path in Self.reads(id) {
        let read = try await client.execute(uri: path, method: .get)
        #expect(read.status == .ok, "\(path)")
      }
    }
  }
}
