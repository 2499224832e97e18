import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9App

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A take cut short goes back into its session: the recorder keeps the take's placement beside
/// its hidden file while writing it, recovery keeps the complete frames in the library under
/// their hash and the session logs the take. A placement that is not one (generated damage)
/// places nothing: the take is offered in `recovered/` as before.
@Suite("takes: placed back in their session after a crash") struct TakePlacementTests {
  static let rate = 44_100

  /// A session in a fresh database beside `library`'s folder: its store and record.
  static func session(in folder: URL) throws -> (EventStore, SessionRecord) {
    let store = try EventStore(path: folder.appending(path: "sharp9.sqlite").path)
    let script = """
      {"session":{"startedAt":"2026-11-26T19:00:00.000Z","audio":"song.wav","title":"cut"}}
      {"type":"importPicked","url":"song.wav","t":0}
      {"type":"importSucceeded","track":{"name":"song.wav","durationSec":20},"t":0.1}
      {"type":"setRecordingArmed","armed":true,"t":0.5}
      {"type":"togglePlay","t":1}
      {"type":"tick","currentTimeSec":2.5,"t":2.5}

      """
    let record = try store.importScript(
      Data(script.utf8), title: nil, defaultTitle: "cut", sharp9Version: "test",
      audio: { _ in nil }, progress: { _ in })
    return (store, record)
  }

  /// A take of a writer of process `pid` cut short after 50,000 frames, with `placement`'s
  /// bytes beside it (nil: none); the writer's name.
  static func cutShort(
    _ library: TakeLibrary, pid: Int32, placement: Data?
  ) throws -> URL {
    let partial = try TakeRecoveryTests.cutShort(library, frames: 50_000, pid: pid)
    let base = partial.dropFirst()
    let writer = library.directory.appending(
      path: String(base[..<(try #require(base.range(of: ".flac"))).upperBound]))
    if let placement {
      try placement.write(to: TakeLibrary.placementURL(ofWriter: writer))
    }
    return writer
  }

  @Test func aCutShortTakeIsKeptUnderItsHashAndLoggedInItsSession() throws {
    let folder = try TakeRecorderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder.appending(path: "takes"))
    let (store, record) = try Self.session(in: folder)
    let placement = TakePlacement(
      session: record.id, startFrame: 44_100, pass: nil, input: "pulse", latencyFrames: 300,
      dropouts: 1, playedAt: SpeedAndPitch(speed: 0.7, pitchSemitones: 1))
    _ = try Self.cutShort(library, pid: 5151, placement: try JSONEncoder().encode(placement))
    #expect(library.recoverCutShortTakes { $0 == 5151 }.isEmpty, "a running writer's")
    let outcomes = library.recoverCutShortTakes { _ in false }
    guard outcomes.count == 1, case .placed(let take, let session, let rate) = outcomes[0] else {
      Issue.record("expected one placed take, got \(outcomes)")
      return
    }
    #expect(session == record.id && rate == Self.rate)
    // libFLAC encodes 4096-frame blocks: twelve were complete.
    #expect(
      take
        == TakeRecording(
          startFrame: 44_100, endFrame: 44_100 + 49_152, pass: nil, input: "pulse",
          sha256: take.sha256, dropouts: 1, latencyFrames: 300,
          playedAt: SpeedAndPitch(speed: 0.7, pitchSemitones: 1)))
    let kept = library.url(of: take)
    #expect(try AudioFileLocator.sha256(of: kept) == take.sha256)
    let (format, samples) = try TakeRecoveryTests.read(kept)
    #expect(format.frames == 49_152)
    #expect(samples == (0..<(49_152 * 2)).map { TakeRecorderTests.sample(Int64($0 / 2), $0 % 2) })
    // Nothing hidden is left, nothing offered in recovered/.
    let names = try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
    #expect(names == [take.sha256 + ".flac"])

    let logged = try TakeRecovery.log(take, in: session, into: store)
    #expect(logged.eventCount == record.eventCount + 1 && logged.lastT == record.lastT)
    #expect(try store.state(of: logged, at: nil).recording.takes.map(\.recording) == [take])
    #expect(try store.session(id: record.id).endedAt != nil)
  }

  /// The speed changes a placement kept come back with the take, those inside what was
  /// recovered of it.
  @Test func aCutShortTakeKeepsTheSpeedChangesInsideWhatWasRecovered() throws {
    let folder = try TakeRecorderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder.appending(path: "takes"))
    let (_, record) = try Self.session(in: folder)
    let changes = [
      PlayedAtChange(frame: 20_000, playedAt: SpeedAndPitch(speed: 0.75, pitchSemitones: 0)),
      PlayedAtChange(frame: 49_152, playedAt: SpeedAndPitch(speed: 0.8, pitchSemitones: 0)),
    ]
    let placement = TakePlacement(
      session: record.id, startFrame: 0, pass: 1, input: "pulse", latencyFrames: 0,
      playedAt: SpeedAndPitch(speed: 0.7, pitchSemitones: 0), playedAtChanges: changes)
    _ = try Self.cutShort(library, pid: 5353, placement: try JSONEncoder().encode(placement))
    let outcomes = library.recoverCutShortTakes { _ in false }
    guard outcomes.count == 1, case .placed(let take, _, _) = outcomes[0] else {
      Issue.record("expected one placed take, got \(outcomes)")
      return
    }
    #expect(take.endFrame == 49_152)
    #expect(take.playedAtChanges == [changes[0]], "the second is past the recovered end")
  }

  @Test func aTakeForASessionThatIsGoneIsNotLogged() throws {
    let folder = try TakeRecorderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (store, record) = try Self.session(in: folder)
    let take = TakeRecording(
      startFrame: 0, endFrame: 100, pass: nil, input: "pulse",
      sha256: String(repeating: "a", count: 64))
    #expect(throws: StoreError.self) {
      try TakeRecovery.log(take, in: UUID(), into: store)
    }
    #expect(try store.session(id: record.id).eventCount == record.eventCount)
  }

  /// Placements that are not one, generated from fixed seeds: each places nothing.
  static func damagedPlacements() throws -> [(String, Data?)] {
    let good = TakePlacement(
      session: UUID(), startFrame: 1_000, pass: 2, input: "pulse", latencyFrames: 0)
    var cases: [(String, Data?)] = []
    func json(_ change: (inout [String: Any]) -> Void) throws -> Data {
      var object =
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(good)) as? [String: Any] ?? [:]
      change(&object)
      return try JSONSerialization.data(withJSONObject: object)
    }
    cases.append(("a negative start", try json { $0["startFrame"] = -1 }))
    cases.append(("a start that overflows", try json { $0["startFrame"] = Int64.max - 10 }))
    cases.append(("pass 0", try json { $0["pass"] = 0 }))
    cases.append(("an empty input", try json { $0["input"] = "" }))
    cases.append(("a negative latency", try json { $0["latencyFrames"] = -5 }))
    cases.append(("negative dropouts", try json { $0["dropouts"] = -1 }))
    cases.append(
      ("a speed out of range", try json { $0["playedAt"] = ["speed": 9, "pitchSemitones": 0] }))
    cases.append(
      ("a pitch out of range", try json { $0["playedAt"] = ["speed": 1, "pitchSemitones": 99] }))
    cases.append(("a speed with no pitch", try json { $0["playedAt"] = ["speed": 1] }))
    cases.append(("no session", try json { $0["session"] = nil }))
    cases.append(("a session that is no UUID", try json { $0["session"] = "not-a-uuid" }))
    cases.append(
      (
        "speed changes out of order",
        try json {
          $0["playedAt"] = ["speed": 0.5, "pitchSemitones": 0]
          $0["playedAtChanges"] = [
            ["frame": 900, "speed": 0.6, "pitchSemitones": 0],
            ["frame": 800, "speed": 0.7, "pitchSemitones": 0],
          ]
        }
      ))
    cases.append(
      (
        "speed changes without a first speed",
        try json { $0["playedAtChanges"] = [["frame": 900, "speed": 0.6, "pitchSemitones": 0]] }
      ))
    cases.append(("larger than any placement", Data(repeating: 0x20, count: 40_000)))
    var generator = SplitMix64(seed: 24)
    for index in 0..<8 {
      let count = Int.random(in: 0..<300, using: &generator)
      cases.append(
        (
          "random bytes \(index)",
          Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        ))
    }
    return cases
  }

  @Test func aDamagedPlacementPlacesNothingAndTheTakeIsOffered() throws {
    for (name, bytes) in try Self.damagedPlacements() + [("a FIFO", nil)] {
      let folder = try TakeRecorderTests.folder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let library = TakeLibrary(directory: folder.appending(path: "takes"))
      let writer = try Self.cutShort(library, pid: 6161, placement: bytes)
      if bytes == nil {
        #expect(mkfifo(TakeLibrary.placementURL(ofWriter: writer).path, 0o600) == 0)
      }
      let outcomes = library.recoverCutShortTakes { _ in false }
      guard outcomes.count == 1, case .recovered(let url, let frames, _) = outcomes[0] else {
        Issue.record("\(name): expected the take offered, got \(outcomes)")
        continue
      }
      #expect(frames == 49_152, "\(name)")
      #expect(url.deletingLastPathComponent().lastPathComponent == "recovered", "\(name)")
      let names = try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
      #expect(names == ["recovered"], "\(name): \(names)")
    }
  }

  /// The same audio cut short twice: the first placed (kept under its hash, a session's take),
  /// the second with a placement that makes no take. The second is offered, and the first, the
  /// same bytes under the same name, stays: recovery used to keep the second under that name
  /// before asking its placement, then remove it, taking the session's take with it.
  @Test func aPlacementThatMakesNoTakeLeavesTheSameAudioKeptBefore() throws {
    let folder = try TakeRecorderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder.appending(path: "takes"))
    let (_, record) = try Self.session(in: folder)
    let placed = TakePlacement(
      session: record.id, startFrame: 44_100, pass: nil, input: "pulse", latencyFrames: 0)
    _ = try Self.cutShort(library, pid: 5151, placement: try JSONEncoder().encode(placed))
    guard
      case .placed(let take, _, _) = try #require(library.recoverCutShortTakes { _ in false }.first)
    else {
      Issue.record("expected the first take placed")
      return
    }
    var overflowing = placed
    overflowing.startFrame = Int64.max - 10
    _ = try Self.cutShort(library, pid: 5252, placement: try JSONEncoder().encode(overflowing))
    let outcomes = library.recoverCutShortTakes { _ in false }
    guard outcomes.count == 1, case .recovered(let offered, let frames, _) = outcomes[0] else {
      Issue.record("expected the second take offered, got \(outcomes)")
      return
    }
    #expect(frames == 49_152)
    // The two are the same bytes: the case this test is about.
    #expect(try AudioFileLocator.sha256(of: offered) == take.sha256)
    #expect(try AudioFileLocator.sha256(of: library.url(of: take)) == take.sha256)
    let names = try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
    #expect(names.sorted() == [take.sha256 + ".flac", "recovered"])
  }

  /// A recorder of stereo input writing takes to a library in `folder`, and its capture.
  static func recorder(writingTo folder: URL) -> (InputCapture, TakeRecorder) {
    let capture = InputCapture(
      channels: 2, sampleRate: rate, settling: TakeRecorderTests.settling)
    let recorder = TakeRecorder(
      capture: capture, library: TakeLibrary(directory: folder), inputName: "pulse",
      sampleRate: rate)
    return (capture, recorder)
  }

  @Test func theRecorderKeepsAPlacementWhileWritingAndNoneAfter() throws {
    let folder = try TakeRecorderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (capture, recorder) = Self.recorder(writingTo: folder)
    let session = UUID()
    recorder.begin(atFrame: 1_000, pass: 1, session: session)
    TakeRecorderTests.feed(capture, from: 0, until: 60_000)
    var seen: TakePlacement?
    for _ in 0..<400 where seen == nil {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      if let name = names.first(where: { $0.hasSuffix(".placement") }) {
        seen = try? JSONDecoder().decode(
          TakePlacement.self, from: Data(contentsOf: folder.appending(path: name)))
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(
      seen
        == TakePlacement(
          session: session, startFrame: 1_000, pass: 1, input: "pulse", latencyFrames: 0))
    recorder.end(atFrame: 50_000)
    let outcomes = recorder.close()
    guard case .kept(let take)? = outcomes.first, outcomes.count == 1 else {
      Issue.record("expected one kept take, got \(outcomes)")
      return
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [take.sha256 + ".flac"])
  }

  /// A change of speed noted while a take is written is in its placement from the next flush,
  /// counted from the take's first frame; one noted after a wrap that began the next take
  /// late is that take's.
  @Test func theRecorderKeepsTheSpeedChangesInThePlacement() throws {
    let folder = try TakeRecorderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (capture, recorder) = Self.recorder(writingTo: folder)
    let session = UUID()
    let slow = SpeedAndPitch(speed: 0.5, pitchSemitones: 0)
    let faster = SpeedAndPitch(speed: 0.55, pitchSemitones: 0)
    recorder.begin(atFrame: 1_000, pass: 1, session: session, playedAt: slow)
    recorder.played(at: faster, fromFrame: 10_000)
    recorder.played(at: slow, fromFrame: 30_000)
    recorder.begin(atFrame: 25_000, pass: 2, session: session, playedAt: faster)
    TakeRecorderTests.feed(capture, from: 0, until: 150_000)
    // The placements seen, by first frame (the first take's, 24,000 frames, is finished before
    // any flush: it says what was known when its file was begun).
    var seen: [Int64: TakePlacement] = [:]
    for _ in 0..<400 where seen[25_000]?.playedAtChanges == nil {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      for name in names where name.hasSuffix(".placement") {
        if let placement = try? JSONDecoder().decode(
          TakePlacement.self, from: Data(contentsOf: folder.appending(path: name)))
        {
          seen[placement.startFrame] = placement
        }
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(seen[25_000]?.playedAtChanges == [PlayedAtChange(frame: 5_000, playedAt: slow)])
    if let first = seen[1_000]?.playedAtChanges {
      #expect(first == [PlayedAtChange(frame: 9_000, playedAt: faster)])
    }
    recorder.end(atFrame: 140_000)
    #expect(recorder.close().count == 2)
  }

  /// A change noted while a take is written reaches its placement with the next block, well
  /// before the take's first flush (a second of input): a take cut short there is recovered past
  /// its last flush, and must not drift from the change.
  @Test func aSpeedChangeIsInThePlacementBeforeTheNextFlush() throws {
    let folder = try TakeRecorderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (capture, recorder) = Self.recorder(writingTo: folder)
    let slow = SpeedAndPitch(speed: 0.5, pitchSemitones: 0)
    let faster = SpeedAndPitch(speed: 0.55, pitchSemitones: 0)
    recorder.begin(atFrame: 1_000, pass: 1, session: UUID(), playedAt: slow)
    // Input past the blocks the round trip settles over (96) and the undecided lag (0.125 s), so
    // the take's file and placement are begun.
    TakeRecorderTests.feed(capture, from: 0, until: 32_768)
    let begun = try #require(try Self.placement(in: folder) { $0 != nil })
    #expect(begun.playedAtChanges == nil)
    recorder.played(at: faster, fromFrame: 40_000)
    // Less than a second of the take written (its first flush would be at frame 45,100).
    TakeRecorderTests.feed(capture, from: 32_768, until: 40_960)
    let seen = try Self.placement(in: folder) { $0?.playedAtChanges != nil }
    #expect(seen?.playedAtChanges == [PlayedAtChange(frame: 39_000, playedAt: faster)])
    recorder.end(atFrame: 40_500)
    #expect(recorder.close().count == 1)
  }

  /// The placement in `folder` once `done` says so, waiting up to 2 s for the recorder's thread.
  private static func placement(
    in folder: URL, until done: (TakePlacement?) -> Bool
  ) throws -> TakePlacement? {
    var seen: TakePlacement?
    for _ in 0..<400 where !done(seen) {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      if let name = names.first(where: { $0.hasSuffix(".placement") }) {
        seen = try? JSONDecoder().decode(
          TakePlacement.self, from: Data(contentsOf: folder.appending(path: name)))
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return seen
  }
}
