import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Store
import Testing

@testable import Sharp9Server

/// The security list, one test each: Host, token, upload size, untrusted bundles, paths.
@Suite struct InspectorSecurityTests {
  @Test func aForeignHostIsRefused() async throws {
    let fixture = try await InspectorFixture()
    try await fixture.test { client in
      let foreign = try await client.execute(
        uri: "/api/sessions", method: .get, headers: [.host: "evil.example:8089"])
      #expect(foreign.status == .forbidden)
      let own = try await client.execute(
        uri: "/api/sessions", method: .get, headers: [.host: "127.0.0.1:8089"])
      #expect(own.status == .ok)
    }
    #expect(HostGuard<BasicRequestContext>.hostName("[::1]:80") == "[::1]")
    #expect(HostGuard<BasicRequestContext>.hostName("LocalHost:1") == "localhost")
  }

  @Test func aChangeWithoutTheTokenIs403() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      for (method, uri) in [
        (HTTPRequest.Method.post, "/api/sessions/\(id)/fork?at=3"),
        (.delete, "/api/sessions/\(id)"), (.post, "/api/bundles"),
      ] {
        let none = try await client.execute(uri: uri, method: method)
        #expect(none.status == .forbidden, "\(method) \(uri)")
        let wrong = try await client.execute(
          uri: uri, method: method, headers: [.sharp9Token: "test-tokem"])
        #expect(wrong.status == .forbidden, "\(method) \(uri)")
      }
      let sessions = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(sessions.text.contains(id))
    }
  }

  @Test func forkAndDeleteWithTheTokenChangeTheDatabase() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      let fork = try await client.execute(
        uri: "/api/sessions/\(id)/fork?at=5", method: .post, headers: withToken)
      #expect(fork.status == .created)
      #expect(fork.text.contains("\"title\":\"loop (fork at 5)\",\"events\":5"))
      let deleted = try await client.execute(
        uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
      #expect(deleted.status == .ok)
      let gone = try await client.execute(uri: "/api/sessions/\(id)", method: .get)
      #expect(gone.status == .notFound)
    }
  }

  /// A fork of no events would be a session whose export cannot be imported again.
  @Test func forkAtZeroIs400() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      for at in ["0", "-1"] {
        let response = try await client.execute(
          uri: "/api/sessions/\(id)/fork?at=\(at)", method: .post, headers: withToken)
        #expect(response.status == .badRequest, "\(at)")
      }
      let zero = try await client.execute(
        uri: "/api/sessions/\(id)/fork?at=0", method: .post, headers: withToken)
      #expect(zero.text.contains("a session needs at least one event"), "\(zero.text)")
      let sessions = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(sessions.text.components(separatedBy: "\"id\"").count == 2, "\(sessions.text)")
    }
  }

  @Test func aBundleRoundTripsAndALargerUploadIs413() async throws {
    // A bundle of the fixture's session is a small SQLite file (a page or two per table).
    let fixture = try await InspectorFixture(maxUploadBytes: 128 << 10)
    let id = fixture.id
    try await fixture.test { client in
      let bundle = try await client.execute(uri: "/api/sessions/\(id)/bundle.sharp9", method: .get)
      #expect(bundle.status == .ok)
      _ = try await client.execute(uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
      let imported = try await client.execute(
        uri: "/api/bundles", method: .post, headers: withToken, body: bundle.body)
      #expect(imported.status == .created)
      #expect(imported.text.contains("\"id\":\"\(id)\""))
      let again = try await client.execute(
        uri: "/api/bundles", method: .post, headers: withToken, body: bundle.body)
      #expect(again.text.contains("\"alreadyPresent\":true"))
      let big = try await client.execute(
        uri: "/api/bundles", method: .post, headers: withToken,
        body: ByteBuffer(repeating: 0, count: 129 << 10))
      #expect(big.status == .contentTooLarge)
    }
  }

  @Test(arguments: [
    "CREATE TRIGGER t AFTER INSERT ON sessions BEGIN DELETE FROM sessions; END",
    "CREATE VIEW v AS SELECT * FROM sessions",
  ])
  func aBundleWithCodeInItsSchemaIsRefused(sql: String) async throws {
    let fixture = try await InspectorFixture()
    let file = fixture.directory.appending(path: "evil.sharp9")
    try fixture.sharp9(["bundle", fixture.id, "-o", file.path])
    try Database(path: file.path, mode: .mustExist).execute(sql)
    let body = ByteBuffer(bytes: try Data(contentsOf: file))
    try await fixture.test { client in
      let response = try await client.execute(
        uri: "/api/bundles", method: .post, headers: withToken, body: body)
      #expect(response.status == .unprocessableContent)
      #expect(response.text.contains("the bundle holds a "))
    }
  }

  @Test func aDamagedOrForgedBundleIsRefusedBeforeImport() async throws {
    let fixture = try await InspectorFixture()
    let file = fixture.directory.appending(path: "forged.sharp9")
    try fixture.sharp9(["bundle", fixture.id, "-o", file.path])
    // A checkpoint whose hash no replay gives: verify must catch it before anything is copied.
    try Database(path: file.path, mode: .mustExist).execute(
      "UPDATE checkpoints SET state_sha256 = zeroblob(32)")
    let forged = ByteBuffer(bytes: try Data(contentsOf: file))
    let id = fixture.id
    try await fixture.test { client in
      _ = try await client.execute(uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
      let response = try await client.execute(
        uri: "/api/bundles", method: .post, headers: withToken, body: forged)
      #expect(response.status == .unprocessableContent)
      let garbage = try await client.execute(
        uri: "/api/bundles", method: .post, headers: withToken,
        body: ByteBuffer(string: "SQLite format 3\u{0}" + String(repeating: "x", count: 4000)))
      #expect(garbage.status != .created)
      let sessions = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(sessions.text == "[]\n")
    }
  }

  @Test func noPathReachesTheFileSystem() async throws {
    let fixture = try await InspectorFixture()
    try await fixture.test { client in
      for uri in [
        "/assets/..%2F..%2FPackage.swift", "/assets/../../Package.swift", "/assets/%2Fetc%2Fpasswd",
        "/etc/passwd", "/assets/AssetRoutes.swift",
      ] {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .notFound, "\(uri)")
      }
      let page = try await client.execute(uri: "/assets/session.js", method: .get)
      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/javascript; charset=utf-8")
    }
  }

  @Test func everyPageCarriesAPolicyThatLoadsNothingFromOutside() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let policy: String = AssetRoutes.contentSecurityPolicy
    let directives = Dictionary(
      uniqueKeysWithValues: policy.split(separator: ";").map { directive in
        let words = directive.split(separator: " ").map(String.init)
        return (words[0], Array(words.dropFirst()))
      })
    #expect(directives["default-src"] == ["'self'"])
    #expect(directives["object-src"] == ["'none'"])
    #expect(directives["frame-ancestors"] == ["'none'"])
    #expect(!policy.contains("unsafe") && !policy.contains("*") && !policy.contains("http"))
    try await fixture.test { client in
      for uri in ["/", "/sessions/\(id)", "/assets/session.js", "/assets/style.css"] {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .ok)
        let sent: String? = response.headers[HTTPField.Name("Content-Security-Policy")!]
        #expect(sent == policy, "\(uri)")
      }
    }
  }
}
