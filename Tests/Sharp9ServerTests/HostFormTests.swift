import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Sharp9Server

/// Issue 21, S3: `Host` parsing is strict. The forms are generated (names × ports × decorations,
/// a few hundred), each with the verdict an independent rule gives, and sent as `Host`; the
/// request line's absolute form is sent over a real socket.
@Suite struct HostFormTests {
  static let ownNames = ["127.0.0.1", "localhost", "LocalHost", "[::1]"]
  static let foreignNames = [
    "evil.example", "127.0.0.2", "localhost.", "[::2]", "", "localhost.evil",
  ]
  /// A port suffix and whether it is valid.
  static let ports: [(String, Bool)] = [
    ("", true), (":8089", true), (":1", true), (":65535", true), (":80", true), (":0", false),
    (":65536", false), (":", false), (":abc", false), (":-1", false), (":8089:1", false),
    (": 80", false), (":+80", false), (":000080", false), (":99999999999999999999", false),
  ]
  /// Text put before and after, and whether the result may still be valid.
  static let decorations: [(before: String, after: String, ok: Bool)] = [
    ("", "", true), ("user@", "", false), ("", "@evil.example", false), ("", "/", false),
    ("", "?x", false), ("", "#x", false), ("", " ", false), (" ", "", false), ("", ",evil", false),
    ("", "%00", false), ("", "\\evil", false), ("http://", "", false), ("", ".evil.example", false),
  ]

  static var forms: [(host: String, ok: Bool)] {
    var forms: [(String, Bool)] = []
    for (names, own) in [(ownNames, true), (foreignNames, false)] {
      for name in names {
        for (port, portOK) in ports {
          for decoration in decorations {
            let host = decoration.before + name + port + decoration.after
            forms.append((host, own && portOK && decoration.ok))
          }
        }
      }
    }
    return forms + [("::1", false), ("[::1", false), ("[::1]x", false), ("[]", false)]
  }

  @Test func aHostIsAcceptedOnlyWhenItIsExactlyAnOwnNameAndAPort() async throws {
    let fixture = try await InspectorFixture()
    let forms = Self.forms
    #expect(forms.count > 400)
    try await fixture.test { client in
      for (host, ok) in forms {
        // The test client keeps a header value as given, within what HTTP allows.
        guard HTTPField.isValidValue(host) else { continue }
        let response = try await client.execute(
          uri: "/api/sessions", method: .get, headers: [.host: host])
        #expect(response.status == (ok ? .ok : .forbidden), "Host: \(host)")
      }
      let two = try await client.execute(
        uri: "/api/sessions", method: .get,
        headers: HTTPFields([
          HTTPField(name: .host, value: "127.0.0.1"), HTTPField(name: .host, value: "evil.example"),
        ]))
      #expect(two.status == .forbidden)
    }
    #expect(HostGuard<BasicRequestContext>.hostName("127.0.0.1:80@evil.com") == nil)
    let ipv6 = InspectorServer.Configuration(host: "FE80::1", sharp9Version: "t")
    #expect(ipv6.allowedHostNames.contains(Authority("[fe80::1]:8089")?.name ?? ""))
    #expect(Authority("[::1]:8089")?.name == "[::1]" && Authority("[::1]:8089")?.port == 8089)
  }

  @Test func theRequestLinesAbsoluteFormHostIsCheckedLikeHost() async throws {
    let fixture = try await InspectorFixture()
    try await Self.checkAbsoluteForms(fixture.server, path: "/api/sessions")
    #expect(AbsoluteFormHost.host(ofTarget: "http://a:1/x?y") == "a:1")
    #expect(AbsoluteFormHost.host(ofTarget: "/x") == nil)
  }

  /// `sharp9 app`'s server, which also takes a WebSocket upgrade, checks it as well: the handler
  /// sits after the upgrade handler there (``GuardedHTTP1WebSocketChannel``).
  @Test func theAbsoluteFormHostIsCheckedOnThePracticeServerToo() async throws {
    let fixture = try PracticeRoutesTests.Fixture()
    try await Self.checkAbsoluteForms(fixture.server, path: "/api/app/keys")
    await fixture.host.shutdown()
  }

  /// Sends `path` in the request line's absolute form with own and foreign hosts to `server`
  /// over a real socket: only its own host is answered 200.
  static func checkAbsoluteForms(_ server: InspectorServer, path: String) async throws {
    try await server.application().test(.live) { client in
      let port = try #require(client.port)
      let own = "127.0.0.1:\(port)"
      let cases: [(target: String, ok: Bool)] = [
        (path, true), ("http://\(own)\(path)", true),
        ("http://evil.example\(path)", false),
        ("http://evil.example:\(port)\(path)", false),
        ("http://\(own)@evil.example\(path)", false),
        ("http://127.0.0.1:80@evil.com/", false),
        ("HTTP://EVIL.EXAMPLE\(path)", false), ("evil.example\(path)", false),
        ("http:/x", false), ("%", false), ("/a b", false),
      ]
      for (target, ok) in cases {
        // Twice on one connection: the second request is checked as the first.
        let one = "GET \(target) HTTP/1.1\r\nHost: \(own)\r\n\r\n"
        let close = "GET \(target) HTTP/1.1\r\nHost: \(own)\r\nConnection: close\r\n\r\n"
        let answer = try await StoreThread.run { try RawHTTP.send(one + close, port: port) }
        let statuses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        if ok {
          #expect(statuses == ["200", "200"], "\(target): \(answer.prefix(80))")
        } else {
          // Answered, and refused: a request that is not answered holds its connection.
          #expect(
            !statuses.isEmpty && !statuses.contains("200"), "\(target): \(answer.prefix(80))")
        }
      }
    }
  }
}

extension HTTPField {
  /// Whether `value` is a field value HTTP allows as it is (no control characters, no leading or
  /// trailing space).
  static func isValidValue(_ value: String) -> Bool {
    value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
      && value.first != " " && value.last != " "
  }
}
