import Foundation
import Sharp9Domain
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The practice page's inputs over a WebSocket (`/api/app/inputs`), against a real `sharp9 app`:
/// the handshake is refused (400, no upgrade) without the token, from another site, for a
/// foreign Host, or as an upgrade it is not (generated over many hostile variants); on an open socket, hostile inputs are each
/// answered with the POST's sentence and status and recorded nowhere, good ones are taken in
/// order, and a message too large or not text closes the socket while the server goes on.
@Suite(.serialized) struct AppInputSocketTests {
  /// A client's handshake, with `headers` after the Host line.
  static func handshake(port: Int, query: String, headers: [String] = []) -> String {
    ([
      "GET /api/app/inputs\(query) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket",
      "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "Sec-WebSocket-Version: 13",
    ] + headers + ["", ""]).joined(separator: "\r\n")
  }

  /// One masked frame (a client's), `opcode` 1 for text, 2 for binary.
  static func frame(_ payload: [UInt8], opcode: UInt8 = 1, mask: [UInt8] = [7, 41, 99, 200])
    -> [UInt8]
  {
    var bytes: [UInt8] = [0x80 | opcode]
    switch payload.count {
    case ..<126: bytes.append(0x80 | UInt8(payload.count))
    case ..<65536: bytes += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      bytes.append(0x80 | 127)
      bytes += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    bytes += mask
    bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    return bytes
  }

  /// The handshakes a page on another site, a rebinding name, or a client without the token
  /// would make: each must be refused. Generated from fixed seeds.
  static func hostileHandshakes(port: Int, token: String, seed: UInt64) -> [(String, String)] {
    var random = SplitMix64(seed: seed)
    let good = "?token=\(token)"
    var cases: [(String, String)] = [
      ("no token", Self.handshake(port: port, query: "")),
      ("empty token", Self.handshake(port: port, query: "?token=")),
      (
        "token in a header only",
        Self.handshake(port: port, query: "", headers: ["X-Sharp9-Token: \(token)"])
      ),
    ]
    for _ in 0..<8 {
      // A near miss: one character of the token changed, or cut, or one added.
      var chars = Array(token)
      let at = Int.random(in: 0..<chars.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: chars[at] = chars[at] == "a" ? "b" : "a"
      case 1: chars.remove(at: at)
      default: chars.insert("0", at: at)
      }
      cases.append(
        ("token near miss", Self.handshake(port: port, query: "?token=\(String(chars))")))
    }
    for origin in [
      "http://evil.example", "null", "https://127.0.0.1:\(port)", "http://127.0.0.1:1",
    ] {
      cases.append(
        (
          "Origin \(origin)",
          Self.handshake(port: port, query: good, headers: ["Origin: \(origin)"])
        ))
    }
    for site in ["cross-site", "same-site"] {
      cases.append(
        (
          "Sec-Fetch-Site \(site)",
          Self.handshake(port: port, query: good, headers: ["Sec-Fetch-Site: \(site)"])
        ))
    }
    for host in ["evil.example", "127.0.0.1.evil.example:\(port)", "localhost.:\(port)"] {
      cases.append(
        (
          "Host \(host)",
          Self.handshake(port: port, query: good).replacingOccurrences(
            of: "Host: 127.0.0.1:\(port)", with: "Host: \(host)")
        ))
    }
    // Upgrades that are not the page's socket, and requests that do not parse: each answered 400
    // (NIO's upgrade handler alone closed some at once, held one silent and upgraded one).
    let upgrade = Self.handshake(port: port, query: good)
    for (label, from, to) in [
      ("no key", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", ""),
      ("version 8", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Version: 8"),
      ("POST", "GET ", "POST "), ("no Connection", "Connection: Upgrade\r\n", ""),
      ("h2c", "Upgrade: websocket", "Upgrade: h2c"),
      ("another path", "/api/app/inputs", "/api/app/keys"),
      ("not a URL", "/api/app/inputs", "%"),
      ("a broken header", "Upgrade: websocket", "Upgrade websocket"),
    ] {
      cases.append((label, upgrade.replacingOccurrences(of: from, with: to)))
    }
    return cases
  }

  @Test(arguments: [UInt64(24), 0xFEED])
  func aHandshakeWithoutTheTokenOrFromAnotherSiteIsRefused(seed: UInt64) async throws {
    let cli = try StoreCLI()
    let (app, port) = try await Self.start(cli)
    for (label, request) in Self.hostileHandshakes(port: port, token: app.token, seed: seed) {
      let connection = try LoopbackConnection(port: port, send: request)
      let answer = connection.read(until: "\r\n\r\n").text
      #expect(answer.hasPrefix("HTTP/1.1 400"), "\(label): \(answer.prefix(80))")
    }
    // The page's own handshake is taken.
    let page = try LoopbackConnection(
      port: port,
      send: Self.handshake(
        port: port, query: "?token=\(app.token)", headers: ["Origin: http://127.0.0.1:\(port)"]))
    #expect(page.read(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 101"))
  }

  @Test func inputsAreTakenInOrderAndHostileOnesAnsweredAndRecordedNowhere() async throws {
    let cli = try StoreCLI()
    let (app, port) = try await Self.start(cli)
    let socket = try LoopbackConnection(
      port: port, send: Self.handshake(port: port, query: "?token=\(app.token)"))
    #expect(socket.read(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 101"))
    let hostile = [
      #"{"key":"#, "null", "[]", "{}", #"{"key":"F13"}"#, #"{"key":" ","extra":1}"#,
      #"{"action":{"type":"tick","currentTimeSec":1}}"#,
      #"{"action":{"type":"importPicked","url":"/etc/passwd"}}"#,
      #"{"action":{"type":"setA","timeSec":1e400}}"#, #"{"action":{"type":"nosuch"}}"#,
      #"{"typed":"\#(String(repeating: "x", count: 300))"}"#,
    ]
    for input in hostile {
      socket.write(Self.frame(Array(input.utf8)))
      let answer = socket.read(until: "}").text
      #expect(answer.contains(#""status":400"#), "\(input.prefix(40)): \(answer)")
      #expect(answer.contains(#""error":""#), "\(input.prefix(40)): \(answer)")
      #expect(!answer.contains("/tmp") && !answer.lowercased().contains("sqlite"))
    }
    for key in ["=", "=", "-", "="] {
      socket.write(Self.frame(Array(#"{"key":"\#(key)"}"#.utf8)))
      #expect(socket.read(until: "}").text.hasSuffix("{}"), "\(key)")
    }
    // Too large for an input, and not text: each ends its socket; the server goes on.
    socket.write(Self.frame(Array(repeating: UInt8(ascii: " "), count: 5000)))
    // A close frame: 1009, too big.
    #expect(
      socket.read(bytes: 4) == [0x88, 2, 0x03, 0xF1], "a 5000-byte message closes the socket")
    let binary = try LoopbackConnection(
      port: port, send: Self.handshake(port: port, query: "?token=\(app.token)"))
    #expect(binary.read(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 101"))
    binary.write(Self.frame(Array(#"{"key":"="}"#.utf8), opcode: 2))
    // A close frame: 1003, data it does not take.
    let closed = binary.read(bytes: 4)
    #expect(
      closed.first == 0x88 && Array(closed.dropFirst(2)) == [0x03, 0xEB],
      "a binary message closes the socket: \(closed)")
    app.send(SIGTERM)
    #expect(try await app.exitStatus(within: .seconds(10)) == 0, "\(app.stderr)")
    let sessions = try await cli.run(["sessions", "--json"]).stdout
    let id = String(
      try #require(sessions.split(separator: "\"id\":\"").dropFirst().first?.prefix(36)))
    let log = try await cli.run(["log", id]).stdout
    let speeds = log.split(separator: "\n").filter { $0.contains("  speed ") }
    #expect(
      speeds.map { $0.split(separator: "→").last.map(String.init) ?? "" }
        == [" rate 1.05 x", " rate 1.10 x", " rate 1.05 x", " rate 1.10 x"], "\(log)")
    #expect(!log.contains("A at") && !log.contains("passwd"), "\(log)")
  }

  /// `sharp9 app tone.wav --no-device` on a free port, and that port.
  private static func start(_ cli: StoreCLI) async throws -> (ServeProcess, Int) {
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8000,
      samples: WaveFile.sine(hertz: 220, seconds: 60, sampleRate: 8000))
    let app = try ServeProcess(cli, ["app", "tone.wav", "--no-device", "--port", "0"])
    return (app, try await app.port(announcing: "sharp9 app"))
  }
}
