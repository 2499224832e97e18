import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Store
import Testing

@testable import Sharp9Server

/// Issue 21, S3: what another site's page, a short id, a crafted `Host` or request line, and a
/// hostile `Range` can make the local server do.
@Suite struct CrossSiteTests {
  static let own: HTTPFields = [.host: "127.0.0.1:8089"]

  @Test func anotherSitesRequestToTheAPIIsRefused() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let refused: [(HTTPField.Name, String)] = [
      (.secFetchSite, "cross-site"), (.secFetchSite, "same-site"), (.secFetchSite, "bogus"),
      (.origin, "http://evil.example"), (.origin, "null"), (.origin, "https://127.0.0.1:8089"),
      (.origin, "http://127.0.0.1:8090"), (.origin, "http://127.0.0.1:8089@evil.example"),
      (.origin, "http://127.0.0.1"), (.origin, ""), (.origin, "http://localhost.:8089"),
    ]
    let allowed: [(HTTPField.Name, String)] = [
      (.secFetchSite, "same-origin"), (.secFetchSite, "none"), (.origin, "http://127.0.0.1:8089"),
      (.origin, "http://localhost:8089"), (.origin, "http://LOCALHOST:8089"),
    ]
    try await fixture.test { client in
      for uri in [
        "/api/sessions/\(id)/render.wav", "/api/sessions", "/api/sessions/\(id)/state?at=3",
      ] {
        for (name, value) in refused {
          var headers = Self.own
          headers[name] = value
          let response = try await client.execute(uri: uri, method: .get, headers: headers)
          #expect(response.status == .forbidden, "\(uri) \(name): \(value)")
        }
        for (name, value) in allowed {
          var headers = Self.own
          headers[name] = value
          let response = try await client.execute(uri: uri, method: .get, headers: headers)
          #expect(response.status == .ok, "\(uri) \(name): \(value)")
        }
      }
      var change = withToken
      change[.host] = "127.0.0.1:8089"
      change[.origin] = "http://evil.example"
      let fork = try await client.execute(
        uri: "/api/sessions/\(id)/fork?at=3", method: .post, headers: change)
      #expect(fork.status == .forbidden)
      // A link from another site may still open the pages.
      let page = try await client.execute(
        uri: "/sessions/\(id)", method: .get,
        headers: [.host: "127.0.0.1:8089", .secFetchSite: "cross-site"])
      #expect(page.status == .ok)
    }
  }

  @Test func everyRouteWithASessionIdNeedsFourCharacters() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let routes: [(HTTPRequest.Method, String)] = [
      (.get, ""), (.get, "/state"), (.get, "/events"), (.get, "/index"), (.get, "/times"),
      (.get, "/search?q=a"), (.get, "/history"), (.get, "/verify"), (.get, "/check"),
      (.get, "/export.jsonl"), (.get, "/timeline"), (.get, "/peaks"), (.get, "/render.wav"),
      (.get, "/render.flac"), (.get, "/bundle.sharp9"), (.get, "/live?stopAfter=1"),
      (.post, "/fork?at=3"), (.delete, ""),
    ]
    try await fixture.test { client in
      for (method, route) in routes {
        for length in 1...3 {
          let uri = "/api/sessions/\(id.prefix(length))\(route)"
          // Bounded in time: a stream the short id opened would otherwise never end.
          let status = try await HostileNumberRequestTests.status(
            client, uri: uri, method: method, headers: withToken)
          #expect(
            status == .badRequest, "\(method) \(uri): \(status.map { "\($0)" } ?? "streaming")")
        }
      }
      let short = try await client.execute(
        uri: "/api/sessions/\(id.prefix(3))", method: .get, headers: withToken)
      #expect(short.text.contains("at least 4 characters"))
      let kept = try await client.execute(uri: "/api/sessions/\(id)", method: .get)
      #expect(kept.status == .ok)
      let four = try await client.execute(
        uri: "/api/sessions/\(id.prefix(4))", method: .delete, headers: withToken)
      #expect(four.status == .ok)
    }
  }

  @Test func everyResponseSaysNosniffAndCarriesThePolicy() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let requests: [(String, HTTPFields)] = [
      ("/api/sessions", [:]), ("/api/sessions/\(id)/state?at=3", [:]),
      ("/api/sessions/\(id)/render.wav", [.range: "bytes=0-9"]),
      ("/api/sessions/\(id)/render.wav", [.range: "bytes=99999999-"]),
      ("/api/sessions/\(id)/state?at=-1", [:]), ("/api/sessions/ffffffff", [:]),
      ("/nothing/here", [:]), ("/assets/nothing.js", [:]), ("/", [:]),
      ("/api/sessions", [.host: "evil.example"]),
      ("/api/sessions", [.origin: "http://evil.example"]),
    ]
    try await fixture.test { client in
      for (uri, headers) in requests {
        let response = try await client.execute(uri: uri, method: .get, headers: headers)
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri) \(response.status)")
        let policy: String? = response.headers[HTTPField.Name("Content-Security-Policy")!]
        #expect(policy == AssetRoutes.contentSecurityPolicy, "\(uri) \(response.status)")
      }
      let fork = try await client.execute(uri: "/api/sessions/\(id)/fork?at=3", method: .post)
      #expect(fork.status == .forbidden)
      #expect(fork.headers[.xContentTypeOptions] == "nosniff")
    }
  }
}
