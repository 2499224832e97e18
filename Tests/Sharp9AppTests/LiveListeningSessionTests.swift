import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9App

/// The whole way of listening back, as the player drives it: actions through the core into the
/// log, their effects into the live engine (on the null clock, the tee keeping what it played),
/// then `sharp9 render`'s pipeline over the log with the take read from the take library: the
/// render is the tee, bit for bit.
@Suite struct LiveListeningSessionTests {
  static let rate = 44_100

  /// Writes `frames` of a stereo float WAV (or the take library's FLAC through `writer`).
  static func write(
    _ writer: AudioFileWriter, frames: Int, _ sample: (Int, Int) -> Float
  ) throws {
    var samples = [Float](repeating: 0, count: frames * 2)
    for frame in 0..<frames {
      for channel in 0..<2 { samples[frame * 2 + channel] = sample(frame, channel) }
    }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
  }

  static func readAll(_ url: URL) throws -> [Float] {
    let reader = try AudioFileReader(url: url)
    let count = Int(reader.format.frames) * reader.format.channels
    var samples = [Float](repeating: 0, count: count)
    let read = try samples.withUnsafeMutableBufferPointer {
      try reader.read(into: $0, frames: Int(reader.format.frames))
    }
    return Array(samples.prefix(read * reader.format.channels))
  }

  @Test func listeningBackRendersAsTheTeeHeardIt() throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-listen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let song = directory.appending(path: "song.wav")
    let songWriter = try AudioFileWriter(
      url: song, container: .wav, sample: .float, sampleRate: Self.rate, channels: 2)
    try Self.write(songWriter, frames: 4 * Self.rate) { frame, channel in
      Float(sin(2 * Double.pi * (channel == 0 ? 220 : 330) * Double(frame) / Double(Self.rate)))
        * 0.3
    }
    try songWriter.finish()
    // A take of one pass (0.5 s), kept in the library under its hash as the recorder keeps it.
    let library = TakeLibrary(directory: directory.appending(path: "takes"))
    let takeWriter = try library.newWriter(sampleRate: Self.rate, channels: 2)
    try Self.write(takeWriter, frames: Self.rate / 2) { frame, _ in
      Float(sin(2 * Double.pi * 880 * Double(frame) / Double(Self.rate))) * 0.25
    }
    try takeWriter.finish()
    let hash = try library.keep(takeWriter.url)
    let store = try EventStore(path: directory.appending(path: "log.sqlite").path)
    let tee = directory.appending(path: "tee.wav")
    let teeWriter = try AudioFileWriter(
      url: tee, container: .wav, sample: .float, sampleRate: Self.rate, channels: 2)
    let live = try LiveSession(
      LiveSession.Options(
        audio: try DecodedAudio(url: song), device: nil, takes: library, tee: teeWriter,
        framesPerCallback: 256,
        newSession: NewSessionInfo(title: "listen", sharp9Version: "test")),
      store: store, continuing: nil)
    try live.start(song: song, name: "song.wav", isNew: true)

    /// Plays on (the null clock renders in real time) for `seconds`.
    func run(_ seconds: Double) throws {
      let until = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
      while ContinuousClock.now < until {
        live.pump()
        try live.collect()
        Thread.sleep(forTimeInterval: 0.003)
      }
    }
    try live.send(
      .takeRecorded(
        TakeRecording(
          startFrame: 0, endFrame: Int64(Self.rate / 2), pass: 1, input: "test", sha256: hash)))
    try live.send(.setA(timeSec: 0.5))
    try live.send(.setB(timeSec: 1.0))
    try live.send(.toggleLoopEnabled(true))
    let take = try #require(live.core.state.recording.takes.first)
    try live.send(.listenToTake(id: take.id))
    try live.send(.togglePlay)
    try run(1.3)
    try live.send(.setTakeBalance(1))
    try run(0.4)
    try live.send(.setTakeBalance(-0.25))
    try run(0.3)
    try live.send(.listenToSong)
    try run(0.2)
    try live.send(.listenToTake(id: take.id))
    try run(0.3)
    try live.stop()
    try live.finish()
    #expect(live.engine.takeProblem == nil)

    let heard = try Self.readAll(tee)
    let record = try store.session(matching: try #require(live.core.session).idString)
    let rendered = directory.appending(path: "render.wav")
    _ = try SessionRender.render(
      record, from: store, source: song, to: rendered, container: .wav, sample: .float,
      settings: RenderSettings(toSec: Double(heard.count / 2) / Double(Self.rate)),
      takeAudio: { try DecodedAudio(url: library.url(of: $0)) })
    let render = try Self.readAll(rendered)
    #expect(render.count == heard.count)
    let firstDifference = zip(render, heard).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(firstDifference == nil, "first difference at sample \(firstDifference?.offset ?? -1)")

    // The take was heard: the song alone renders otherwise.
    let songAlone = directory.appending(path: "alone.wav")
    let failure = #expect(throws: ListenedTakeUnavailable.self) {
      _ = try SessionRender.render(
        record, from: store, source: song, to: songAlone, container: .wav, sample: .float,
        settings: RenderSettings(toSec: 1))
    }
    #expect(failure?.sha256 == hash)
    #expect(heard.contains { abs($0) > 0.4 }, "the song and the take together")
  }

  /// A take whose file was replaced since it was recorded (another sound, still valid FLAC) is
  /// not heard as the take the log names: the engine says why, and plays the song alone.
  @Test func aTakeChangedSinceItWasRecordedIsNotHeard() throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-listen-changed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let song = directory.appending(path: "song.wav")
    let songWriter = try AudioFileWriter(
      url: song, container: .wav, sample: .float, sampleRate: Self.rate, channels: 2)
    try Self.write(songWriter, frames: 2 * Self.rate) { _, _ in 0 }
    try songWriter.finish()
    let library = TakeLibrary(directory: directory.appending(path: "takes"))
    func take(_ hz: Double) throws -> URL {
      let writer = try library.newWriter(sampleRate: Self.rate, channels: 2)
      try Self.write(writer, frames: Self.rate / 2) { frame, _ in
        Float(sin(2 * Double.pi * hz * Double(frame) / Double(Self.rate))) * 0.25
      }
      try writer.finish()
      return writer.url
    }
    let hash = try library.keep(take(880))
    let other = try take(440)
    try FileManager.default.removeItem(at: library.url(sha256: hash))
    try FileManager.default.moveItem(at: other, to: library.url(sha256: hash))
    let store = try EventStore(path: directory.appending(path: "log.sqlite").path)
    let tee = directory.appending(path: "tee.wav")
    let live = try LiveSession(
      LiveSession.Options(
        audio: try DecodedAudio(url: song), device: nil, takes: library,
        tee: try AudioFileWriter(
          url: tee, container: .wav, sample: .float, sampleRate: Self.rate, channels: 2),
        framesPerCallback: 256,
        newSession: NewSessionInfo(title: "changed", sharp9Version: "test")),
      store: store, continuing: nil)
    try live.start(song: song, name: "song.wav", isNew: true)
    try live.send(
      .takeRecorded(
        TakeRecording(
          startFrame: 0, endFrame: Int64(Self.rate / 2), pass: nil, input: "test", sha256: hash)))
    let recorded = try #require(live.core.state.recording.takes.first)
    try live.send(.listenToTake(id: recorded.id))
    try live.send(.togglePlay)
    let until = ContinuousClock.now + .milliseconds(400)
    while ContinuousClock.now < until {
      live.pump()
      try live.collect()
      Thread.sleep(forTimeInterval: 0.003)
    }
    try live.stop()
    try live.finish()
    #expect(live.engine.takeProblem?.contains("changed since it was recorded") == true)
    #expect(try Self.readAll(tee).allSatisfy { $0 == 0 }, "the silent song, and no take")
  }
}
