import CSQLite
import Foundation
import Sharp9Audio
import Sharp9Domain
import Testing

@testable import Sharp9App
@testable import Sharp9Store

/// A musician's action is sent at the first frame the audio thread has not begun rendering (no
/// callback of lead, as a reservation had), and a commit that fails after the engine had the
/// action stops the session there.
@Suite struct LiveSessionClaimTests {
  static let rate = 44_100

  /// A live session on the null clock over a 2 s tone, its song opened.
  static func session(in directory: URL) throws -> (LiveSession, EventStore) {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let song = directory.appending(path: "song.wav")
    let writer = try AudioFileWriter(
      url: song, container: .wav, sample: .float, sampleRate: rate, channels: 1)
    let samples = (0..<(2 * rate)).map { Float(sin(Double($0) * 0.05) * 0.3) }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: samples.count) }
    try writer.finish()
    let store = try EventStore(path: directory.appending(path: "log.sqlite").path)
    let live = try LiveSession(
      LiveSession.Options(
        audio: try DecodedAudio(url: song), device: nil, tee: nil, framesPerCallback: 256,
        newSession: NewSessionInfo(title: "claims", sharp9Version: "test")),
      store: store, continuing: nil)
    try live.start(song: song, name: "song.wav", isNew: true)
    return (live, store)
  }

  static func directory() -> URL {
    FileManager.default.temporaryDirectory.appending(path: "sharp9-claims-\(UUID().uuidString)")
  }

  @Test func anActionTakesTheFirstFrameNotYetRendered() throws {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (live, _) = try Self.session(in: directory)
    // The opening's frame was reserved ahead with its lead (longer on a loaded machine): a claim
    // is never before it, so the engine first renders past it.
    let opening = live.engine.scheduledFrame
    while live.engine.renderedFrame < opening {
      Thread.sleep(forTimeInterval: 0.005)
      live.pump()
    }
    for action: Action in [.togglePlay, .speedDelta(-0.05), .pitchDelta(1), .togglePlay] {
      Thread.sleep(forTimeInterval: 0.02)
      live.pump()
      try live.collect()
      let rendered = live.engine.renderedFrame
      #expect(try live.send(action) == rendered, "\(action)")
      #expect(live.core.session?.lastT == Double(rendered) / Double(Self.rate))
    }
    #expect(live.late.found.isEmpty)
    try live.stop()
    try live.finish()
  }

  /// SQLite refuses the commit (a commit hook standing in for a full or failing disk) after the
  /// engine had the action: the action is not in the log, the session stops, and every later
  /// turn says why instead of playing on what the log will never hold.
  @Test func aCommitFailingAfterTheEngineHadTheActionStopsTheSession() throws {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (live, store) = try Self.session(in: directory)
    try live.send(.togglePlay)
    let head = try #require(live.core.session).eventCount
    sqlite3_commit_hook(store.database.handle, { _ in 1 }, nil)
    #expect(throws: SQLiteError.self) { try live.send(.speedDelta(0.05)) }
    #expect(live.core.session?.eventCount == head)
    #expect(live.core.state.transport.speed == 1)
    #expect(throws: SQLiteError.self) { try live.collect() }
    #expect(throws: SQLiteError.self) { try live.collect() }
    sqlite3_commit_hook(store.database.handle, nil, nil)
    let stored = try store.session(id: try #require(live.core.session).id)
    #expect(stored.eventCount == head)
  }
}
