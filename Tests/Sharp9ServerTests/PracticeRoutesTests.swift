import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9Server
@testable import sharp9

/// `sharp9 app`'s API on the null clock: the guards, bad uploads (nothing recorded, nothing kept)
/// and a song opened, played and closed through the same path the page takes.
@Suite(.serialized) struct PracticeRoutesTests {
  /// A temporary database, the 2 s tone, a practice host on the null clock and a server.
  final class Fixture: Sendable {
    let directory: URL
    let host: PracticeHost
    let server: InspectorServer
    var database: String { directory.appending(path: "sharp9.sqlite").path }

    /// A store with `tone.wav` (a 220 Hz tone `toneSeconds` long) beside it, served with
    /// songs up to `maxSongBytes`.
    init(maxSongBytes: Int = 64 << 10, tee: URL? = nil, toneSeconds: Int = 2) throws {
      directory = FileManager.default.temporaryDirectory.appending(
        path: "sharp9-app-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try InspectorFixture.writeTone(directory.appending(path: "tone.wav"), seconds: toneSeconds)
      let path = directory.appending(path: "sharp9.sqlite").path
      _ = try EventStore(path: path)
      let makeTee: (@Sendable (DecodedAudio) throws -> AudioFileWriter?)? = tee.map { url in
        { @Sendable audio in
          try AudioFileWriter(
            url: url, container: .wav, sample: .float, sampleRate: audio.format.sampleRate,
            channels: audio.format.channels)
        }
      }
      host = PracticeHost(
        options: .init(
          databasePath: path, device: nil, framesPerCallback: 256, sharp9Version: "test",
          makeTee: makeTee))
      server = try InspectorServer(
        databasePath: path,
        configuration: .init(
          port: 0, token: InspectorFixture.token, maxSongBytes: maxSongBytes,
          sharp9Version: "test", workDirectory: directory.appending(path: "work")),
        practice: host)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
      try await server.application().test(.router, body)
      await host.shutdown()
    }

    /// The sessions recorded, each with its actions' kinds.
    func recorded() throws -> [[Action.Kind]] {
      let store = try EventStore(path: database)
      return try store.sessions().map { session in
        let cursor = try store.events(of: session)
        var kinds: [Action.Kind] = []
        while let event = try cursor.next() { kinds.append(event.action.kind) }
        return kinds
      }
    }

    /// The files kept in the song library.
    var librarySongs: [String] {
      let folder = SongLibrary(databasePath: database).directory.path
      return (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    var tone: ByteBuffer {
      get throws { ByteBuffer(bytes: try Data(contentsOf: directory.appending(path: "tone.wav"))) }
    }

    /// Uploads the tone through `client`, as the page's import does: its session opens.
    func openTone(_ client: any TestClientProtocol) async throws {
      let upload = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, headers: withToken, body: tone)
      #expect(upload.status == .created, "\(upload.text)")
    }
  }

  @Test func aForeignHostAndAMissingTokenAreRefused() async throws {
    let fixture = try Fixture()
    let tone = try fixture.tone
    try await fixture.test { client in
      for uri in ["/app", "/api/app/live", "/api/app/keys"] {
        let foreign = try await client.execute(
          uri: uri, method: .get, headers: [.host: "evil.example:8089"])
        #expect(foreign.status == .forbidden, "\(uri)")
      }
      let page = try await client.execute(uri: "/app", method: .get)
      #expect(page.status == .ok)
      #expect(page.text.contains("Import File"))
      let upload = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, body: tone)
      #expect(upload.status == .forbidden)
      let input = try await client.execute(
        uri: "/api/app/input", method: .post, headers: [.sharp9Token: "wrong"],
        body: ByteBuffer(string: #"{"key":" "}"#))
      #expect(input.status == .forbidden)
    }
    #expect(try fixture.recorded().isEmpty)
    #expect(fixture.librarySongs.isEmpty)
  }

  @Test func anUploadThatIsNotAudioIsRefusedAndNothingKept() async throws {
    let fixture = try Fixture()
    try await fixture.test { client in
      let text = try await client.execute(
        uri: "/api/app/songs?name=notes.wav", method: .post, headers: withToken,
        body: ByteBuffer(string: "these are not the samples you are looking for"))
      #expect(text.status == .unsupportedMediaType)
      #expect(
        text.text
          == #"{"error":"the file is not audio sharp9 can read; choose a WAV, FLAC, Ogg, Opus or MP3 file"}"#
      )
      let empty = try await client.execute(
        uri: "/api/app/songs?name=empty.wav", method: .post, headers: withToken)
      #expect(empty.status == .unprocessableContent)
    }
    #expect(try fixture.recorded().isEmpty)
    #expect(fixture.librarySongs.isEmpty)
  }

  @Test func anUploadOverTheLimitIsRefusedAndNothingKept() async throws {
    let fixture = try Fixture(maxSongBytes: 1000)
    let tone = try fixture.tone
    try await fixture.test { client in
      let big = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, headers: withToken, body: tone)
      #expect(big.status == .contentTooLarge)
      #expect(big.text == #"{"error":"a song may be at most 1000 bytes"}"#)
    }
    #expect(try fixture.recorded().isEmpty)
    #expect(fixture.librarySongs.isEmpty)
  }

  @Test func inputIsCheckedBeforeItReachesTheSession() async throws {
    let fixture = try Fixture()
    try await fixture.test { client in
      let noSong = try await client.execute(
        uri: "/api/app/input", method: .post, headers: withToken,
        body: ByteBuffer(string: #"{"key":" "}"#))
      #expect(noSong.status == .conflict)
      for body in [
        #"{"key":"F13"}"#, #"{"action":{"type":"tick","currentTimeSec":1}}"#,
        #"{"action":{"type":"importPicked","url":"/etc/passwd"}}"#,
        #"{"key":" ","action":{"type":"undo"}}"#,
        #"{"typed":"speed 0.5","key":" "}"#, #"{"typed":3}"#,
        #"{"typed":"\#(String(repeating: "x", count: 201))"}"#,
        "not json",
      ] {
        let bad = try await client.execute(
          uri: "/api/app/input", method: .post, headers: withToken, body: ByteBuffer(string: body))
        #expect(bad.status == .badRequest, "\(body)")
      }
    }
    #expect(try fixture.recorded().isEmpty)
  }

  @Test func aSongUploadedIsKeptByHashPlayedAndEndedOnAPause() async throws {
    // Long enough not to end on its own however slowly the test runs.
    let fixture = try Fixture(maxSongBytes: 1 << 20, toneSeconds: 30)
    try await fixture.test { client in
      try await fixture.openTone(client)
      for body in [
        #"{"key":" "}"#, #"{"key":"="}"#, #"{"action":{"type":"tapWaveform","timeSec":0.5}}"#,
        #"{"key":"2"}"#, #"{"action":{"type":"tapWaveform","timeSec":0.25}}"#,
      ] {
        let sent = try await client.execute(
          uri: "/api/app/input", method: .post, headers: withToken, body: ByteBuffer(string: body))
        #expect(sent.status == .ok, "\(body): \(sent.text)")
      }
      // A typed line that means nothing: one sentence, nothing recorded.
      let nonsense = try await client.execute(
        uri: "/api/app/input", method: .post, headers: withToken,
        body: ByteBuffer(string: #"{"typed":"fly away"}"#))
      #expect(nonsense.status == .badRequest)
      #expect(nonsense.text.hasPrefix(#"{"error":"Unknown command fly: speed, pitch"#))
      let peaks = try await client.execute(uri: "/api/app/peaks", method: .get)
      #expect(peaks.text.contains(#""durationSec":30,"#))
      #expect(fixture.host.snapshot.json.contains(#""speedText":"1.05 x""#))
      // The grid is analysed while the song plays: it is in the log a moment later.
      for _ in 0..<200 where try !fixture.recorded().joined().contains(.beatGridDetected) {
        try await Task.sleep(for: .milliseconds(50))
      }
      let closed = try await client.execute(
        uri: "/api/app/close", method: .post, headers: withToken)
      #expect(closed.status == .ok)
    }
    let sessions = try fixture.recorded()
    #expect(sessions.count == 1)
    let recorded = sessions.first ?? []
    // Sent once, after the opening, wherever its analysis ended among the page's actions.
    #expect(recorded.count { $0 == .beatGridDetected } == 1)
    #expect(
      (recorded.firstIndex(of: .beatGridDetected) ?? 0)
        > (recorded.firstIndex(of: .importSucceeded) ?? Int.max))
    let actions = recorded.filter {
      ![.tick, .clearToastIfExpired, .beatGridDetected].contains($0)
    }
    #expect(
      actions == [
        .importPicked, .importSucceeded, .togglePlay, .speedDelta, .tapWaveform, .setMode,
        .tapWaveform, .togglePlay,
      ])
    let hash = try #require(
      try AudioFileLocator.sha256(of: fixture.directory.appending(path: "tone.wav")))
    #expect(fixture.librarySongs == ["\(hash).wav"])
  }

  /// A song played to its end stops there on its own and the log says so: the session is
  /// paused when it closes, so closing records no pause of its own.
  @Test func aSongPlayedToItsEndIsRecordedAsStoppedThere() async throws {
    let fixture = try Fixture()
    let tone = try fixture.tone
    try await fixture.test { client in
      let upload = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, headers: withToken, body: tone)
      #expect(upload.status == .created, "\(upload.text)")
      let play = try await client.execute(
        uri: "/api/app/input", method: .post, headers: withToken,
        body: ByteBuffer(string: #"{"key":" "}"#))
      #expect(play.status == .ok)
      for _ in 0..<400 where try !fixture.recorded().joined().contains(.playedToEnd) {
        try await Task.sleep(for: .milliseconds(50))
      }
      let closed = try await client.execute(
        uri: "/api/app/close", method: .post, headers: withToken)
      #expect(closed.status == .ok)
    }
    let actions = try fixture.recorded().joined().filter {
      ![.tick, .clearToastIfExpired, .beatGridDetected].contains($0)
    }
    #expect(actions == [.importPicked, .importSucceeded, .togglePlay, .playedToEnd])
  }

  /// Recording through the page with no input to record from (the null clock has none): the
  /// record key and the arming action both answer with the player's line, arm nothing and record
  /// nothing; the snapshot shows no input meters.
  @Test func recordingWithoutAnInputSaysSoAndArmsNothing() async throws {
    let fixture = try Fixture(maxSongBytes: 1 << 20, toneSeconds: 30)
    try await fixture.test { client in
      try await fixture.openTone(client)
      let before = try recording(in: fixture.host.snapshot.json)
      #expect(before.armed == false)
      #expect(before.line == nil)
      for body in [
        #"{"key":"R"}"#, #"{"action":{"type":"setRecordingArmed","armed":true}}"#,
      ] {
        let sent = try await client.execute(
          uri: "/api/app/input", method: .post, headers: withToken, body: ByteBuffer(string: body))
        #expect(sent.status == .ok, "\(body): \(sent.text)")
        // Published by the host's thread within a few of its turns.
        var shown = try recording(in: fixture.host.snapshot.json)
        for _ in 0..<100 where shown.line == nil {
          try await Task.sleep(for: .milliseconds(20))
          shown = try recording(in: fixture.host.snapshot.json)
        }
        #expect(shown.armed == false, "\(body)")
        #expect(shown.taking == false, "\(body)")
        #expect(
          shown.line == "nothing to record from: no input (see sharp9 devices, --input NAME)",
          "\(body)")
        #expect(shown.inputMeters == nil, "\(body)")
      }
    }
    let recorded = try fixture.recorded().joined()
    #expect(!recorded.contains(.setRecordingArmed))
    #expect(!recorded.contains(.takeRecorded))
  }

  /// The snapshot's `recording` object, as the page reads it.
  private struct ShownRecording: Decodable {
    var armed: Bool
    var taking: Bool
    var line: String?
    var inputMeters: [String: Channel]?
  }

  private struct Channel: Decodable {
    var levelDB: Double
    var holdDB: Double
    var clipping: Bool
  }

  private struct ShownSnapshot: Decodable {
    var recording: ShownRecording
  }

  private func recording(in json: String) throws -> ShownRecording {
    try JSONDecoder().decode(ShownSnapshot.self, from: Data(json.utf8)).recording
  }

  /// What the device was given (the tee) is the render of the session the page recorded, bit for
  /// bit: the page's input takes the same path as the terminal player's.
  @Test func theTeeIsTheRenderOfThePracticedSession() async throws {
    let tee = FileManager.default.temporaryDirectory.appending(path: "sharp9-tee-\(UUID()).wav")
    defer { try? FileManager.default.removeItem(at: tee) }
    let fixture = try Fixture(tee: tee)
    let song = try fixture.tone
    try await fixture.test { client in
      let upload = try await client.execute(
        uri: "/api/app/songs?name=tone.wav", method: .post, headers: withToken, body: song)
      #expect(upload.status == .created)
      for (key, pause) in [(" ", 300), ("=", 200), ("]", 200), ("a", 150), ("b", 100), ("l", 400)] {
        let sent = try await client.execute(
          uri: "/api/app/input", method: .post, headers: withToken,
          body: ByteBuffer(string: #"{"key":"\#(key)"}"#))
        #expect(sent.status == .ok)
        try await Task.sleep(for: .milliseconds(pause))
      }
    }
    let id = try #require(try EventStore(path: fixture.database).sessions().first?.idString)
    let render = fixture.directory.appending(path: "render.wav")
    try InspectorFixture.sharp9(
      ["render", id, "--sample", "float", "-o", render.path, "--db", fixture.database],
      in: fixture.directory)
    let (played, rendered) = (try samples(tee), try samples(render))
    #expect(played.count > 8_000)
    #expect(played.contains { $0 != 0 })
    // The session ends (its last event) a moment after the last frame the tee drained: the
    // render goes on to the end, in the silence of the pause. Counts and the first difference,
    // not the arrays, so a failure stays readable.
    #expect(rendered.count >= played.count)
    let common = min(played.count, rendered.count)
    #expect((0..<common).first { played[$0] != rendered[$0] } == nil)
    #expect(rendered[common...].allSatisfy { $0 == 0 })
  }

  private func samples(_ url: URL) throws -> [Float] {
    let reader = try AudioFileReader(url: url)
    var all: [Float] = []
    var buffer = [Float](repeating: 0, count: 4096 * reader.format.channels)
    while true {
      let frames = try buffer.withUnsafeMutableBufferPointer {
        try reader.read(into: $0, frames: 4096)
      }
      if frames == 0 { break }
      all += buffer.prefix(frames * reader.format.channels)
    }
    return all
  }
}
