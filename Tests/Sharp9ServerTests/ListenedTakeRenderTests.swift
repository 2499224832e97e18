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

/// The inspector's render of a session that listened back to a take: the take is read from the
/// take library beside the database, checked against its SHA-256, and the download is the
/// bytes `sharp9 render` writes. A take gone, damaged or not a file is a 409 with a sentence
/// that names no path.
@Suite struct ListenedTakeRenderTests {
  /// The fixture's session continued: a take recorded (0.5 s of 660 Hz, kept in `takes/` under
  /// its hash), listened to, played for a second and paused. Returns the take's file.
  static func listenBack(in fixture: InspectorFixture) throws -> URL {
    let library = TakeLibrary(databasePath: fixture.database)
    let writer = try library.newWriter(sampleRate: 8_000, channels: 1)
    let samples = (0..<4_000).map { Float(sin(2 * Double.pi * 660 * Double($0) / 8_000) * 0.25) }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: samples.count) }
    try writer.finish()
    let hash = try library.keep(writer.url)
    let store = try EventStore(path: fixture.database)
    let session = try store.session(matching: fixture.id)
    // The session ends at 5 s on its own clock, not days after the script's start date.
    let end = session.startedAt.date.addingTimeInterval(5)
    let core = try AppCore(
      dependencies: AppDependencies(
        log: store, engine: SilentAudioEngine(),
        clock: AppClock(now: { end }, elapsedSec: { 5 })),
      start: .continuing(session))
    try core.send(
      .takeRecorded(
        TakeRecording(startFrame: 0, endFrame: 4_000, pass: nil, input: "test", sha256: hash)),
      at: 3.1)
    let take = try #require(core.state.recording.takes.first)
    try core.send(.listenToTake(id: take.id), at: 3.2)
    try core.send(.togglePlay, at: 3.3)
    try core.send(.togglePlay, at: 4.3)
    try core.finish()
    return library.url(sha256: hash)
  }

  @Test func theDownloadIsWhatSharp9RenderWrites() async throws {
    let fixture = try await InspectorFixture()
    _ = try Self.listenBack(in: fixture)
    let cli = fixture.directory.appending(path: "cli.wav")
    try InspectorFixture.sharp9(
      ["render", fixture.id, "--db", fixture.database, "-o", cli.path], in: fixture.directory)
    let expected = try Data(contentsOf: cli)
    try await fixture.test { client in
      let response = try await client.execute(
        uri: "/api/sessions/\(fixture.id)/render.wav", method: .get)
      #expect(response.status == .ok, "\(response.text)")
      #expect(Data(buffer: response.body) == expected)
    }
  }

  @Test func aTakeGoneOrDamagedIsA409WithoutAPath() async throws {
    // The ways a song's file goes wrong, applied to the take's.
    for damage in AudioProblemAnswerTests.damages {
      let fixture = try await InspectorFixture()
      let take = try Self.listenBack(in: fixture)
      try damage.apply(take)
      let (id, root) = (fixture.id, fixture.directory.path)
      try await fixture.test { client in
        for route in ["render.wav", "render.flac"] {
          let response = try await client.execute(
            uri: "/api/sessions/\(id)/\(route)", method: .get)
          let body = response.text
          #expect(response.status == .conflict, "\(damage.name), \(route): \(body)")
          #expect(body.hasPrefix(#"{"error":"a take the session"#), "\(damage.name): \(body)")
          for leak in [root, "takes", ".flac", "/"] {
            #expect(!body.contains(leak), "\(damage.name), \(route) names \(leak): \(body)")
          }
        }
      }
    }
  }
}
