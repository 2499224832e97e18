import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Audio
import Sharp9Domain
import Testing

@testable import Sharp9Server

/// The practice page's API against generated hostile requests (fixed seeds): malformed JSON,
/// unknown and engine-only actions, numbers that are huge, not finite, negative where a count or
/// a flag belongs, wrong content types, oversized bodies and hostile headers. Each is answered
/// 4xx with one sentence; nothing is recorded and nothing is kept; the server answers after each.
///
/// A song is open throughout, so an input the routes wrongly let through would be recorded (and
/// fail the test) rather than refused for want of a song.
@Suite(.serialized) struct HostilePracticeRequestTests {
  /// One generated request and the statuses it may get.
  struct Hostile {
    var uri: String
    var headers: HTTPFields
    var body: [UInt8]
    var allowed: Set<Int>
    var label: String
  }

  /// Requests the page could send, each accepted: the generator's raw material.
  static let validInputs = [
    #"{"key":" "}"#, #"{"key":"="}"#, #"{"action":{"type":"setA","timeSec":1.5}}"#,
    #"{"action":{"type":"setSpeed","speed":0.75}}"#,
    #"{"action":{"type":"recallLoop","number":1}}"#,
    #"{"action":{"type":"setLocked","locked":false}}"#,
    #"{"action":{"type":"setLoopPasses","passes":4}}"#,
    #"{"midi":{"kind":"note","channel":1,"number":60}}"#,
  ]

  /// Values that are never a finite number, an integer or a flag of the right type. (A huge
  /// finite number is a number: the reducer clamps a time or a speed, so it is not here.)
  static let hostileValues = [
    "1e400", "-1e400", "NaN", "Infinity", "-Infinity", "\"1.5\"", "null", "[]", "{}", "0x10",
    "--1", "1.", ".5", "+1", "1e", "\"\"",
  ]

  /// Actions only the app or the engine may record.
  static let notTheMusicians = [
    #"{"type":"tick","currentTimeSec":1}"#,
    #"{"type":"importSucceeded","track":{"name":"x","durationSec":2}}"#,
    #"{"type":"importFailed","message":"x"}"#, #"{"type":"importPicked","url":"/etc/passwd"}"#,
    #"{"type":"savedLoopsRestored","loops":[]}"#,
    #"{"type":"beatGridDetected","grid":{"tempo":null,"beats":[],"downbeats":[]}}"#,
    #"{"type":"songSettingsRestored","settings":{"markers":[],"speed":1,"pitchSemitones":0}}"#,
    #"{"type":"loopPassesCompleted","wallSec":1}"#,
    #"{"type":"trainerStepped","speed":1,"wallSec":1}"#,
    #"{"type":"playedToEnd","wallSec":1}"#,
    #"{"type":"clearToastIfExpired"}"#, #"{"type":"onAppear"}"#,
  ]

  /// The hostile requests of `seed`, the same on every run.
  static func generated(seed: UInt64) -> [Hostile] {
    var random = SplitMix64(seed: seed)
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    var requests: [Hostile] = []
    func add(
      _ label: String, uri: String = "/api/app/input", body: String,
      headers: HTTPFields = withToken, allowed: Set<Int> = [400]
    ) {
      requests.append(
        Hostile(uri: uri, headers: headers, body: Array(body.utf8), allowed: allowed, label: label))
    }
    for _ in 0..<40 {
      let valid = pick(validInputs)
      // A proper prefix of a JSON object is never a JSON object.
      let cut = Int.random(in: 0..<(valid.utf8.count - 1), using: &random)
      add("truncated", body: String(decoding: valid.utf8.prefix(cut), as: UTF8.self))
      // A byte no JSON text holds anywhere: NUL, a control character, invalid UTF-8.
      var bytes = Array(valid.utf8)
      bytes.insert(
        pick([0x00, 0x01, 0x1F, 0xFF, 0xC0, 0x80]),
        at: Int.random(in: 1..<bytes.count, using: &random))
      requests.append(
        Hostile(
          uri: "/api/app/input", headers: withToken, body: bytes, allowed: [400],
          label: "a byte JSON never holds"))
      // Every number and flag replaced by a value of no use.
      let hostile = pick(hostileValues)
      let replaced = valid.replacing(
        #/(":)(-?[0-9.]+|true|false|" ")/#, with: { "\($0.output.1)\(hostile)" })
      if replaced != valid { add("value \(hostile)", body: replaced) }
      // An action type that does not exist.
      let letters = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        pick(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
      }
      let type = String(letters)
      if Action.Kind(rawValue: type) == nil {
        add("unknown action \(type)", body: #"{"action":{"type":"\#(type)"}}"#)
      }
    }
    for action in notTheMusicians { add("engine action", body: #"{"action":\#(action)}"#) }
    for body in [
      "", "null", "[]", "\"key\"", "1", "{}", #"{"key":" ","action":{"type":"undo"}}"#,
      #"{"key":-1}"#, #"{"key":1e400}"#, #"{"key":""}"#, #"{"key":"F13"}"#,
      #"{"key":"\u0000"}"#, #"{"action":"undo"}"#, #"{"action":{"type":-1}}"#,
      #"{"action":{"type":"setA"}}"#, #"{"action":{"type":"setA","timeSec":1,"extra":1}}"#,
      #"{"key":" ","extra":1}"#, #"{"action":{"type":"undo","timeSec":1}}"#,
      #"{"action":{"type":"recallLoop","number":1.5}}"#,
      #"{"action":{"type":"recallLoop","number":9223372036854775808}}"#,
      #"{"action":{"type":"setLocked","locked":-1}}"#,
      String(repeating: "[", count: 3000), String(repeating: #"{"a":"#, count: 800),
      #"{"key":"\#(String(repeating: "x", count: 4000))"}"#,
    ] {
      add("malformed \(body.prefix(40))", body: body)
    }
    // Oversized: more than any input, however well formed.
    for size in [InspectorServer.maxInputBytes + 1, 100_000, 1 << 20] {
      let padding = String(repeating: " ", count: size)
      add("\(size) bytes", body: #"{"key":" "\#(padding)}"#, allowed: [413])
      add(
        "\(size) bytes", uri: "/api/app/offer", body: #"{"continue":true\#(padding)}"#,
        allowed: [413])
    }
    // Wrong content types: the body is good JSON, the declaration is not.
    for type in [
      "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x", "application/jsonx", "audio/wav", "",
    ] {
      var headers = withToken
      headers[.contentType] = type
      add("input as \(type)", body: #"{"key":" "}"#, headers: headers, allowed: [415])
      add(
        "answer as \(type)", uri: "/api/app/offer", body: #"{"continue":true}"#, headers: headers,
        allowed: [415])
    }
    for type in [
      "text/html", "application/json", "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
    ] {
      var headers = withToken
      headers[.contentType] = type
      add(
        "song as \(type)", uri: "/api/app/songs?name=a.wav", body: "RIFF", headers: headers,
        allowed: [415])
    }
    // Songs that are not audio, whatever they are called.
    for name in ["a.wav", "..%2F..%2Fetc%2Fpasswd", "%00.wav", String(repeating: "n", count: 2000)]
    {
      add(
        "not audio named \(name.prefix(20))", uri: "/api/app/songs?name=\(name)",
        body: pick(["RIFF\0\0\0\0WAVE", "fLaC", "OggS", "ID3", "{}", "\u{FF}\u{FE}"]),
        allowed: [415])
    }
    // Answers to the offer that are no answer (none is open: 409 for a well-formed one).
    for body in [
      #"{"continue":"yes"}"#, #"{"continue":1}"#, #"{"continue":-1}"#, #"{"continue":null}"#,
      #"{}"#, "[true]", "true", #"{"continue":1e400}"#,
    ] {
      add("answer \(body)", uri: "/api/app/offer", body: body)
    }
    add("no offer open", uri: "/api/app/offer", body: #"{"continue":false}"#, allowed: [409])
    add("close with a body", uri: "/api/app/close", body: #"{"key":" "}"#)
    // Hostile headers: a foreign or malformed Host, no or a wrong token, a cross-site request.
    var headerSets: [(String, HTTPFields)] = [("no token", [:])]
    for token in ["", "wrong", String(repeating: "t", count: 8000), InspectorFixture.token + "x"] {
      headerSets.append(("token \(token.prefix(10))", [.sharp9Token: token]))
    }
    for host in [
      "evil.example:8089", "127.0.0.1.evil.example", "[::1", "localhost:99999", "", "a b",
    ] {
      var headers = withToken
      headers[.host] = host
      headerSets.append(("host \(host)", headers))
    }
    for site in ["cross-site", "same-site", "x"] {
      var headers = withToken
      headers[.secFetchSite] = site
      headerSets.append(("Sec-Fetch-Site \(site)", headers))
    }
    for origin in ["http://evil.example", "null", "https://127.0.0.1"] {
      var headers = withToken
      headers[.origin] = origin
      headerSets.append(("Origin \(origin)", headers))
    }
    for (label, headers) in headerSets {
      add(label, body: #"{"key":" "}"#, headers: headers, allowed: [400, 403])
      add(label, uri: "/api/app/close", body: "", headers: headers, allowed: [400, 403])
      add(
        label, uri: "/api/app/offer", body: #"{"continue":true}"#, headers: headers,
        allowed: [400, 403])
      add(
        label, uri: "/api/app/songs?name=a.wav", body: "RIFF", headers: headers,
        allowed: [400, 403])
    }
    return requests
  }

  /// What a refusal's body must be: `{"error": one sentence}` naming no path and no SQL.
  static func isOneSentence(_ text: String) -> Bool {
    guard let data = text.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      object.count == 1, let sentence = object["error"] as? String
    else { return false }
    return !sentence.isEmpty && sentence.count < 200 && !sentence.contains("\n")
      && !sentence.contains("/tmp") && !sentence.lowercased().contains("sqlite")
  }

  @Test(arguments: [UInt64(22), 2026, 0xDEAD_BEEF])
  func everyHostileRequestIsRefusedAndNothingRecorded(seed: UInt64) async throws {
    let fixture = try PracticeRoutesTests.Fixture()
    let tone = try fixture.tone
    let requests = Self.generated(seed: seed)
    #expect(requests.count > 150)
    try await fixture.test { client in
      let upload = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, headers: withToken, body: tone)
      #expect(upload.status == .created)
      for request in requests {
        let answer = try await client.execute(
          uri: request.uri, method: .post, headers: request.headers,
          body: ByteBuffer(bytes: request.body))
        #expect(
          request.allowed.contains(answer.status.code),
          "\(request.label): \(answer.status) \(answer.text.prefix(200))")
        #expect(Self.isOneSentence(answer.text), "\(request.label): \(answer.text.prefix(200))")
        let alive = try await client.execute(uri: "/api/app/keys", method: .get)
        #expect(alive.status == .ok, "the server answers after \(request.label)")
      }
      // The GETs, with hostile queries and headers: answered, never 5xx.
      for uri in ["/api/app/peaks", "/api/app/keys"] {
        for suffix in [
          "", "?x=%00", "?buckets=-1", "?buckets=1e400", "?\(String(repeating: "a", count: 4000))",
        ] {
          let answer = try await client.execute(
            uri: uri + suffix, method: .get, headers: [.range: "bytes=-1--2", .lastEventID: "-1"])
          #expect(answer.status.code < 500, "\(uri)\(suffix): \(answer.status)")
        }
      }
    }
    // The hostile requests left no trace: the actions are those of the opening, the library
    // holds the one song.
    #expect(
      try Self.musiciansActions(fixture) == [.importPicked, .importSucceeded])
    #expect(fixture.librarySongs.count == 1)
  }

  /// Uploads of a 16-bit WAV (the song decoded while it arrives) whose `Content-Length` lies,
  /// written on the socket as they are: longer than the bytes sent (the socket then half-closed,
  /// as by a client that went away), shorter (the rest reads as another request), huge, negative,
  /// not a number. Each gets a 4xx or the connection closed, never a hang; nothing is kept or
  /// recorded, and the server goes on answering.
  @Test(arguments: [UInt64(7), 24])
  func uploadsWhoseLengthLiesKeepNothing(seed: UInt64) async throws {
    let fixture = try PracticeRoutesTests.Fixture()
    let song = fixture.directory.appending(path: "pcm16.wav")
    let writer = try AudioFileWriter(
      url: song, container: .wav, sample: .pcm16, sampleRate: 44_100, channels: 2)
    let frames = 8_820
    let samples = (0..<(2 * frames)).map { Float(sin(Double($0) * 0.03)) * 0.5 }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
    try writer.finish()
    let bytes = [UInt8](try Data(contentsOf: song))
    var random = SplitMix64(seed: seed)
    var lying = ["99999999999999999999", "-5", "abc", "1, 2"]
    for _ in 0..<4 {
      lying.append(String(bytes.count + Int.random(in: 1...20_000, using: &random)))
      lying.append(String(Int.random(in: 1..<bytes.count, using: &random)))
    }
    let lengths = lying
    try await fixture.server.application().test(.live) { client in
      let port = try #require(client.port)
      for length in lengths {
        let head =
          "POST /api/app/songs?name=a.wav HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
          + "X-Sharp9-Token: \(InspectorFixture.token)\r\nContent-Type: audio/wav\r\n"
          + "Content-Length: \(length)\r\nConnection: close\r\n\r\n"
        let answer = try await StoreThread.run {
          try RawHTTP.send(bytes: Array(head.utf8) + bytes, port: port, halfClose: true)
        }
        let status = answer.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        #expect(status.isEmpty || status.hasPrefix("4"), "\(length): \(answer.prefix(80))")
      }
      let alive = try await client.execute(uri: "/api/app/keys", method: .get)
      #expect(alive.status == .ok)
    }
    await fixture.host.shutdown()
    #expect(fixture.librarySongs.isEmpty)
    #expect(try fixture.recorded().isEmpty)
  }

  /// The recorded actions other than the engine's ticks and the toast timer, over all sessions.
  static func musiciansActions(_ fixture: PracticeRoutesTests.Fixture) throws -> [Action.Kind] {
    // (The beat grid arrives when its analysis ends, wherever that falls among the others.)
    try fixture.recorded().flatMap { $0 }.filter {
      ![.tick, .clearToastIfExpired, .beatGridDetected].contains($0)
    }
  }
}
