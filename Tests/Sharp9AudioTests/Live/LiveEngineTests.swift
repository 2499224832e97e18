import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// The live engine against the offline renderer: a scripted session played through device-sized
/// callbacks, its tee compared with `sharp9 render`'s pipeline on the recorded events.
@Suite struct LiveEngineTests {
  static let rate = 44_100

  /// A 6 s stereo source with tones and noise, so every stretcher path has something to do.
  static func source() throws -> URL {
    let url = try RenderFixture.directory().appending(path: "live.wav")
    var random = SplitMix64(seed: 7)
    var noise = [Float](repeating: 0, count: 6 * rate * 2)
    for index in noise.indices { noise[index] = random.nextSigned() * 0.05 }
    try RenderFixture.write(url, sampleRate: rate, channels: 2, frames: 6 * rate) {
      frame, channel in
      let time = Double(frame) / Double(rate)
      let tone = sin(2 * .pi * (channel == 0 ? 220 : 330) * time) * 0.4
      let burst = frame % 11_025 < 400 ? 0.3 * sin(2 * .pi * 1_760 * time) : 0
      return Float(tone + burst) + noise[frame * 2 + channel]
    }
    return url
  }

  /// What the musician does, by callback index: each entry becomes one event at a reserved frame.
  static let script: [(callback: Int, effects: [Effect])] = [
    (0, [.engineLoad(url: URL(filePath: "/x.wav"))]),
    (2, [.enginePlay]),
    (40, [.engineSetLoop(aSec: 0.5, bSec: 1.2, enabled: true)]),
    (90, [.engineSetRate(0.75)]),
    (150, [.engineSetPitchSemitones(2)]),
    (260, [.engineSeek(timeSec: 2.5)]),
    (262, [.engineSetLoop(aSec: 0.5, bSec: 1.2, enabled: false)]),
    (330, [.engineSetRate(1.5), .engineSetPitchSemitones(-3)]),
    (400, [.enginePause]),
    (430, [.enginePlay]),
    (520, [.engineSeek(timeSec: 5.7)]),
    (700, [.enginePause]),
  ]

  /// Plays the script through `engine` in callbacks of `callbackFrames`; returns the recorded
  /// events (with a tick after every third callback, as the player sends them) and the output.
  static func play(
    _ engine: LiveEngine, callbacks: Int, callbackFrames: Int,
    script: [(callback: Int, effects: [Effect])] = script
  ) -> (events: [PlaybackEvent], output: [Float]) {
    var events: [PlaybackEvent] = []
    var output = [Float](repeating: 0, count: callbacks * callbackFrames * 2)
    var lastT = 0.0
    for callback in 0..<callbacks {
      for step in script where step.callback == callback {
        let frame = engine.reserveFrame()
        for effect in step.effects { try? engine.perform(effect) }
        lastT = Double(frame) / Double(rate)
        events.append(
          PlaybackEvent(
            sequence: Int64(events.count + 1), t: lastT, action: .onAppear, effects: step.effects)
        )
      }
      output.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        engine.render(into: base + callback * callbackFrames * 2, frames: callbackFrames)
      }
      engine.drainReports { report in
        let t = Double(report.frame) / Double(rate)
        guard callback % 3 == 0, t >= lastT else { return }
        lastT = t
        events.append(
          PlaybackEvent(
            sequence: Int64(events.count + 1), t: t,
            action: .tick(currentTimeSec: report.positionSec), effects: []))
      }
    }
    return (events, output)
  }

  /// Plays `script` through `engine` (see ``play(_:callbacks:callbackFrames:script:)``) and
  /// renders the recorded events of `source` the way `sharp9 render` does, to the same length.
  static func playAndRender(
    source: URL, _ engine: LiveEngine, callbacks: Int, callbackFrames: Int,
    script: [(callback: Int, effects: [Effect])]
  ) throws -> (events: [PlaybackEvent], output: [Float], rendered: [Float], endSec: Double) {
    let (events, output) = play(
      engine, callbacks: callbacks, callbackFrames: callbackFrames, script: script)
    let endSec = Double(callbacks * callbackFrames) / Double(rate)
    let rendered = try RenderFixture.render(source: source, events: events, endSec: endSec)
    return (events, output, rendered, endSec)
  }

  /// Expects the render to be the device's output, sample for sample (naming the first that
  /// differs).
  static func expectIdentical(
    _ rendered: [Float], _ output: [Float], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(rendered.count == output.count, sourceLocation: sourceLocation)
    let firstDifference = zip(rendered, output).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(
      firstDifference == nil, "first difference at sample \(firstDifference?.offset ?? -1)",
      sourceLocation: sourceLocation)
  }

  @Test func teeEqualsTheRenderOfTheRecordedSessionBitForBit() throws {
    let source = try Self.source()
    let audio = try DecodedAudio(url: source)
    let callbackFrames = 300
    let callbacks = 800
    let engine = try LiveEngine(
      audio: audio, framesPerCallback: callbackFrames, teeSeconds: 30)
    let (events, output) = Self.play(engine, callbacks: callbacks, callbackFrames: callbackFrames)

    // The tee file holds exactly what went to the "device".
    let teeURL = try RenderFixture.directory().appending(path: "tee.wav")
    let writer = try AudioFileWriter(
      url: teeURL, container: .wav, sample: .float, sampleRate: Self.rate, channels: 2)
    try engine.drainTee(into: writer)
    try writer.finish()
    let tee = try AudioIO.readAll(teeURL).1
    #expect(tee == output)

    let endSec = Double(callbacks * callbackFrames) / Double(Self.rate)
    let rendered = try RenderFixture.render(source: source, events: events, endSec: endSec)
    Self.expectIdentical(rendered, output)
    #expect(output.contains { abs($0) > 0.1 }, "the session must actually play something")
  }

  /// While transposed (the resampler engaged) speed and pitch changes land on the same frames
  /// live and offline: the resampler consumes only what its next output frame reads, so the
  /// frames a change takes back do not depend on the callbacks' size (256 frames here, the
  /// renderer's blocks offline).
  @Test func speedChangesWhileTransposedEqualTheRenderBitForBit() throws {
    let source = try Self.source()
    let audio = try DecodedAudio(url: source)
    let callbackFrames = 256
    let callbacks = 500
    let engine = try LiveEngine(audio: audio, framesPerCallback: callbackFrames, teeSeconds: 30)
    let script: [(callback: Int, effects: [Effect])] = [
      (0, [.engineLoad(url: URL(filePath: "/x.wav"))]), (2, [.enginePlay]),
      (200, [.engineSetRate(0.95)]), (230, [.engineSetRate(0.9)]),
      (290, [.engineSetPitchSemitones(1)]), (350, [.engineSetRate(0.91)]),
      (400, [.engineSetPitchSemitones(-2)]), (420, [.engineSetRate(1.2)]),
      (450, [.enginePause]),
    ]
    let (events, output) = Self.play(
      engine, callbacks: callbacks, callbackFrames: callbackFrames, script: script)
    let endSec = Double(callbacks * callbackFrames) / Double(Self.rate)
    let rendered = try RenderFixture.render(source: source, events: events, endSec: endSec)
    Self.expectIdentical(rendered, output)
  }

  /// The metronome, a count-in before every pass and grid changes while playing: the device
  /// gets exactly what the render of the recorded events gives.
  @Test func clicksAndCountInsEqualTheRenderBitForBit() throws {
    let source = try Self.source()
    let audio = try DecodedAudio(url: source)
    let callbackFrames = 300
    let callbacks = 900
    let engine = try LiveEngine(audio: audio, framesPerCallback: callbackFrames, teeSeconds: 30)
    let grid = BeatGrid.constant(tempo: 120, anchorSec: 0.1, durationSec: 6)
    let clicks = ClickSettings(
      metronomeLevel: 0.6, countInLevel: 0.4, countInBeats: 2, countInEveryPass: true,
      beatSec: 0.5)
    let script: [(callback: Int, effects: [Effect])] = [
      (0, [.engineLoad(url: URL(filePath: "/x.wav")), .engineSetBeatGrid(grid)]),
      (1, [.engineSetClicks(clicks), .engineSetRate(0.8)]),
      (2, [.engineSetLoop(aSec: 0.6, bSec: 1.6, enabled: true), .enginePlay]),
      (300, [.engineSetBeatGrid(grid.shifted(by: 0.013, durationSec: 6))]),
      (500, [.engineSetLoop(aSec: 0.6, bSec: 1.6, enabled: false), .engineSetRate(1.3)]),
      (640, [.engineSetClicks(ClickSettings(metronomeLevel: 1, beatSec: 0.5))]),
      (700, [.enginePause]),
      (720, [.engineSetBeatGrid(nil), .enginePlay]),
    ]
    let (events, output, rendered, endSec) = try Self.playAndRender(
      source: source, engine, callbacks: callbacks, callbackFrames: callbackFrames, script: script)
    Self.expectIdentical(rendered, output)
    // The clicks are there: the render with the metronome and count-in left out differs.
    let silent = events.map { event in
      var event = event
      event.effects = event.effects.filter { if case .engineSetClicks = $0 { false } else { true } }
      return event
    }
    let unclicked = try RenderFixture.render(source: source, events: silent, endSec: endSec)
    #expect(unclicked != rendered)
  }

  /// Loop practice runs on the audio thread: the trainer's steps and the stop after the last
  /// pass happen at wraps inside callbacks, and the render of the recorded commands must land
  /// them on the same frames.
  @Test func aTrainedLoopWithAPassLimitEqualsItsRender() throws {
    let source = try Self.source()
    let audio = try DecodedAudio(url: source)
    let callbackFrames = 256
    let callbacks = 700
    let engine = try LiveEngine(audio: audio, framesPerCallback: callbackFrames, teeSeconds: 30)
    let trainer = SpeedTrainer(
      startSpeed: 0.75, step: 0.25, everyPasses: 1, targetSpeed: 1.25, onStop: .hold)
    let script: [(callback: Int, effects: [Effect])] = [
      (0, [.engineLoad(url: URL(filePath: "/x.wav"))]),
      (2, [.engineSetLoop(aSec: 0.5, bSec: 1.0, enabled: true), .engineSeek(timeSec: 0.5)]),
      (3, [.engineSetLoopPractice(LoopPractice(passLimit: 4, trainer: trainer))]),
      (4, [.engineSetRate(0.75), .enginePlay]),
      (600, [.enginePlay]),
    ]
    let (events, output, rendered, endSec) = try Self.playAndRender(
      source: source, engine, callbacks: callbacks, callbackFrames: callbackFrames, script: script)
    Self.expectIdentical(rendered, output)

    // Passes of 0.5 source seconds at 0.75, 1.0, 1.25, 1.25: 0.667 + 0.5 + 0.4 + 0.4 s after
    // play, two trainer steps and one stop, long before the second play.
    let headless = HeadlessTimelineEngine { _ in
      TrackMeta(name: "x.wav", durationSec: audio.format.durationSec)
    }
    var playback = SessionPlayback(engine: headless)
    for event in events { try playback.handle(event) }
    try playback.finish(atWallSec: endSec)
    let played = try #require(events.first { $0.effects.contains(.enginePlay) }?.t)
    let progressed = headless.timeline.progress
    #expect(progressed.trainerSteps == 2 && progressed.lastTrainerSpeed == 1.25)
    #expect(progressed.passLimitStops == 1)
    #expect(abs(progressed.lastPassLimitStopWallSec - (played + 0.5 / 0.75 + 0.5 + 0.8)) < 1e-9)
    #expect(headless.timeline.speed == 1.25, "the trainer holds its speed after the stop")
    #expect(output.contains { abs($0) > 0.1 }, "the session must actually play something")
  }

  @Test func aLeadMovesTheReservationOnButNeverBack() throws {
    let audio = try DecodedAudio(url: try Self.source())
    let engine = try LiveEngine(audio: audio, framesPerCallback: 256)
    #expect(engine.reserveFrame(leadFrames: 1000) == 1256)
    #expect(engine.reserveFrame() == 1256, "a later action is never scheduled before an earlier")
    #expect(engine.reserveFrame(leadFrames: -50) == 1256)
    var block = [Float](repeating: 0, count: 4096)
    block.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, frames: 2048) }
    #expect(engine.reserveFrame(leadFrames: 10) == 2048 + 256 + 10)
  }

  @Test func commandsTakeEffectAtTheReservedFrame() throws {
    let audio = try DecodedAudio(url: try Self.source())
    let engine = try LiveEngine(audio: audio, framesPerCallback: 256)
    var block = [Float](repeating: 0, count: 512)
    try engine.perform(.engineLoad(url: URL(filePath: "/x.wav")))
    let frame = engine.reserveFrame()
    engine.play()
    #expect(frame == 256)
    block.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, frames: 256) }
    #expect(block.allSatisfy { $0 == 0 }, "nothing plays before the reserved frame")
    block.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, frames: 256) }
    #expect(block.contains { $0 != 0 })
    var reports: [EngineReport] = []
    engine.drainReports { reports.append($0) }
    #expect(reports.map(\.frame) == [256, 512])
    #expect(reports.map(\.isPlaying) == [false, true])
    #expect(reports.last?.lateCommands == 0)
  }

  /// A duplex stream's input block is metered in the report of the block it came with, whether
  /// or not the song plays (a musician sets the input level before pressing play); a mono input
  /// meters its one channel on both sides.
  @Test func theInputBlocksPeaksAreReported() throws {
    let audio = try DecodedAudio(url: try Self.source())
    for channels in [1, 2] {
      let engine = try LiveEngine(
        audio: audio, framesPerCallback: 256,
        input: InputCapture(channels: channels, sampleRate: Self.rate, seconds: 1))
      var output = [Float](repeating: 0, count: 512)
      var input = [Float](repeating: 0, count: 256 * channels)
      input[10 * channels] = -0.5
      input[200 * channels + channels - 1] = 0.25
      input.withUnsafeBufferPointer { samples in
        output.withUnsafeMutableBufferPointer {
          engine.render(into: $0.baseAddress!, frames: 256, input: samples.baseAddress!)
          engine.render(into: $0.baseAddress!, frames: 256)
        }
      }
      var reports: [EngineReport] = []
      engine.drainReports { reports.append($0) }
      let expected: (Float, Float) = channels == 1 ? (0.5, 0.5) : (0.5, 0.25)
      #expect(reports.map(\.inputPeakLeft) == [expected.0, 0], "\(channels) channels")
      #expect(reports.map(\.inputPeakRight) == [expected.1, 0], "\(channels) channels")
      #expect(reports.first?.peakLeft == 0, "the output stays silent: nothing plays")
    }
  }
}
