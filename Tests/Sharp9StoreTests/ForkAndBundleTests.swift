import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite("fork and bundle")
struct ForkAndBundleTests {
  private static let actions: [Action] = [
    .importPicked(url: URL(fileURLWithPath: "/music/take.wav")),
    .importSucceeded(track: HistoryFixtures.track), .addMarker(timeSec: 2), .setA(timeSec: 3),
    .setB(timeSec: 9), .toggleLoopEnabled(true), .speedDelta(-0.05), .addMarker(timeSec: 5),
    .tick(currentTimeSec: 4), .pitchDelta(2), .cycleSpeed,
  ]

  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-history-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test("a fork holds the first N events, same start and audio, and the same state there")
  func fork() throws {
    let store = try EventStore.inMemory(checkpointPolicy: CheckpointPolicy(interval: 4))
    var session = try HistoryFixtures.session(Self.actions, in: store)
    // Delete the first marker, then fork after the delete.
    let first = try store.state(of: session).markers[0].id
    try Recorder(store: store, session: session)
      .send(.deleteMarker(id: first), at: 20)
    session = try store.session(id: session.id)
    let forked = try store.fork(session, at: 12, title: nil, sharp9Version: "test")
    #expect(forked.id != session.id)
    #expect(forked.eventCount == 12)
    #expect(forked.title == "fixture (fork at 12)")
    #expect(forked.startedAt == session.startedAt)
    #expect(try store.state(of: forked).markers.map(\.timeSec) == [5])
    #expect(
      try json(store.state(of: forked), renamedFrom: forked.id, to: session.id, 12)
        == json(store.state(of: session, at: 12)))
    #expect(try store.verify(forked).isOK)
    let early = try store.fork(session, at: 3, title: "what if", sharp9Version: "test")
    #expect(
      try json(store.state(of: early), renamedFrom: early.id, to: session.id, 3)
        == json(store.state(of: session, at: 3)))
    #expect(throws: StoreError.self) { try store.fork(session, at: 13, sharp9Version: "test") }
  }

  @Test("bundle round trip: same id, events, states; a second import adds nothing")
  func bundleRoundTrip() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let audioBytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let audioPath = directory.appending(path: "take.wav")
    try audioBytes.write(to: audioPath)
    let source = try EventStore(
      path: directory.appending(path: "a.sqlite").path,
      checkpointPolicy: CheckpointPolicy(interval: 5))
    let session = try source.createSession(
      NewSession(
        title: "bug report", startedAt: HistoryFixtures.startedAt,
        audio: RecordedAudio(path: audioPath.path, sha256: SessionBundle.hexSHA256(audioBytes)),
        sharp9Version: "test"),
      unrecordedScript: SessionScript(header: nil, actions: HistoryFixtures.timed(Self.actions)))
    let bundlePath = directory.appending(path: "report.sharp9").path
    try SessionBundle.write(
      session, from: source, to: bundlePath, withAudio: true, sharp9Version: "test")
    #expect(FileManager.default.fileExists(atPath: bundlePath))
    #expect(!FileManager.default.fileExists(atPath: bundlePath + "-wal"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)

    // The bundle is itself a database any command can read.
    let opened = try EventStore(path: bundlePath, mode: .mustExist)
    #expect(try opened.sessions().map(\.id) == [session.id])
    #expect(try opened.state(of: opened.session(id: session.id)) == source.state(of: session))

    // Import elsewhere, with the original audio gone: the audio is extracted.
    try FileManager.default.removeItem(at: audioPath)
    let target = try EventStore(path: directory.appending(path: "b.sqlite").path)
    let audioDirectory = directory.appending(path: "audio")
    let first = try SessionBundle.importBundle(
      at: bundlePath, into: target, audioDirectory: audioDirectory)
    #expect(!first.alreadyPresent)
    #expect(first.session.id == session.id)
    #expect(first.session.eventCount == session.eventCount)
    #expect(first.session.title == "bug report")
    let extracted = try #require(first.extractedAudio)
    #expect(FileManager.default.contents(atPath: extracted) == audioBytes)
    // W8: the recorded path stays (export writes it); the extracted copy is where it is found.
    #expect(first.session.audio?.path == session.audio?.path)
    #expect(first.session.audio?.locatedPath == extracted)
    #expect(
      try target.scriptedActions(of: first.session).actions
        == source.scriptedActions(of: session).actions)
    #expect(try target.state(of: first.session) == source.state(of: session))
    #expect(try target.verify(first.session).isOK)

    #expect(throws: BundleError.wouldReplaceDatabase(path: source.database.path)) {
      try SessionBundle.write(
        session, from: source, to: source.database.path, withAudio: false, sharp9Version: "test")
    }

    let second = try SessionBundle.importBundle(
      at: bundlePath, into: target, audioDirectory: audioDirectory)
    #expect(second.alreadyPresent)
    #expect(try target.sessions().count == 1)
  }

  @Test("bundling audio that changed since recording fails and writes nothing")
  func bundleChangedAudio() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let audioPath = directory.appending(path: "take.wav")
    try Data([1, 2, 3]).write(to: audioPath)
    let store = try EventStore.inMemory()
    let session = try store.createSession(
      NewSession(
        title: "t", startedAt: HistoryFixtures.startedAt,
        audio: RecordedAudio(path: audioPath.path, sha256: String(repeating: "0", count: 64)),
        sharp9Version: "test"),
      unrecordedScript: SessionScript(header: nil, actions: HistoryFixtures.timed(Self.actions)))
    let bundlePath = directory.appending(path: "x.sharp9").path
    #expect(throws: BundleError.self) {
      try SessionBundle.write(
        session, from: store, to: bundlePath, withAudio: true, sharp9Version: "t")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["take.wav"])
    // Without audio it works.
    try SessionBundle.write(
      session, from: store, to: bundlePath, withAudio: false, sharp9Version: "t")
    #expect(FileManager.default.fileExists(atPath: bundlePath))
  }

  @Test("importing a plain database is refused as not a bundle")
  func notABundle() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = directory.appending(path: "plain.sqlite").path
    _ = try EventStore(path: plain)
    let target = try EventStore.inMemory()
    #expect(throws: BundleError.notABundle(path: plain)) {
      try SessionBundle.importBundle(at: plain, into: target, audioDirectory: directory)
    }
  }
}

/// The canonical JSON of `state` with the marker ids events `1...count` of session `from`
/// create replaced by those the same events of session `to` create: a fork's state written as
/// the original's.
private func json(_ state: State, renamedFrom from: UUID, to: UUID, _ count: Int64) throws
  -> String
{
  var text = String(decoding: try Interchange.encoder().encode(state), as: UTF8.self)
  for seq in 1...count {
    text = text.replacingOccurrences(
      of: ActionContext.derivedID(session: from, sequence: seq).uuidString,
      with: ActionContext.derivedID(session: to, sequence: seq).uuidString)
  }
  return text
}

private func json(_ state: State) throws -> String {
  String(decoding: try Interchange.encoder().encode(state), as: UTF8.self)
}
