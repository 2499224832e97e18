import CAllocationCounter
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// Listening back to takes: the live engine mixing a take over the song against the offline
/// render of the same events (bit for bit), where a take's frames land, and that the audio
/// thread allocates nothing while it mixes.
@Suite struct LiveListeningTests {
  static let rate = LiveEngineTests.rate

  /// Takes as the recorder reports them, and their files: two passes (stereo and mono) and a
  /// take of the loop off, each with sound of its own.
  struct Takes {
    let recordings: [TakeRecording]
    let files: [String: URL]

    func audio(_ take: TakeRecording) throws -> DecodedAudio {
      guard let url = files[take.sha256] else { throw ListenedTakeUnavailable(sha256: take.sha256) }
      return try DecodedAudio(url: url)
    }
  }

  /// How the takes were played along: from their first frame (nil: not known, laid frame for
  /// frame), and the changes while they were recorded.
  struct Played: Sendable, CustomTestStringConvertible {
    var playedAt: SpeedAndPitch?
    var changes: [PlayedAtChange] = []
    var testDescription: String {
      "\(playedAt.map { "\($0.speed)× \($0.pitchSemitones) st" } ?? "unknown")"
        + (changes.isEmpty ? "" : ", \(changes.count) changes")
    }
  }

  /// The takes, played along as `played` says.
  static func takes(_ played: Played = Played()) throws -> Takes {
    let directory = try RenderFixture.directory()
    var recordings: [TakeRecording] = []
    var files: [String: URL] = [:]
    let shapes: [(channels: Int, frames: Int, pass: Int?, hertz: Double)] = [
      (2, 30_000, 1, 440), (1, 31_000, 2, 660), (2, 50_000, nil, 880),
    ]
    for (index, shape) in shapes.enumerated() {
      let url = directory.appending(path: "take\(index).wav")
      var random = SplitMix64(seed: UInt64(index + 11))
      try RenderFixture.write(
        url, sampleRate: rate, channels: shape.channels, frames: shape.frames
      ) { frame, channel in
        let time = Double(frame) / Double(rate)
        return Float(sin(2 * .pi * shape.hertz * time) * 0.3) + random.nextSigned() * 0.02
          + Float(channel) * 0.01
      }
      let hash = String(repeating: String(index), count: 64)
      files[hash] = url
      recordings.append(
        TakeRecording(
          startFrame: Int64(index) * 40_000, endFrame: Int64(index) * 40_000 + Int64(shape.frames),
          pass: shape.pass, input: "test", sha256: hash, playedAt: played.playedAt,
          playedAtChanges: played.changes))
    }
    return Takes(recordings: recordings, files: files)
  }

  /// A session that listens back: passes of a loop with the first take, A/B to the second in
  /// the middle of a pass, the balance moved to the take alone and back, a speed change, a
  /// pause and a play at A, a count-in before every pass, the take of the loop off from a play
  /// away from A, the song alone again.
  static func script(_ takes: [TakeRecording]) -> [(callback: Int, effects: [Effect])] {
    [
      (0, [.engineLoad(url: URL(filePath: "/x.wav"))]),
      (1, [.engineSetTakeMix(take: takes[0], balance: 0)]),
      (2, [.engineSetLoop(aSec: 0.5, bSec: 1.2, enabled: true), .enginePlay]),
      (170, [.engineSetTakeMix(take: takes[1], balance: 0)]),
      (230, [.engineSetTakeMix(take: takes[1], balance: 0.5)]),
      (300, [.engineSetTakeMix(take: takes[1], balance: 1)]),
      (380, [.engineSetTakeMix(take: takes[0], balance: -0.25)]),
      (420, [.engineSetRate(0.75)]),
      (460, [.engineSetPitchSemitones(-1)]),
      (500, [.enginePause]),
      (520, [.engineSeek(timeSec: 0.5)]),
      (530, [.enginePlay]),
      (600, [.engineSeek(timeSec: 0.9)]),
      (
        640,
        [
          .engineSetClicks(
            ClickSettings(countInLevel: 0.5, countInBeats: 2, countInEveryPass: true, beatSec: 0.25)
          )
        ]
      ),
      (700, [.engineSeek(timeSec: 0.5)]),
      (800, [.enginePause, .engineSetLoop(aSec: 0.5, bSec: 1.2, enabled: false)]),
      (810, [.engineSetTakeMix(take: takes[2], balance: 0)]),
      (820, [.engineSeek(timeSec: 3)]),
      (830, [.enginePlay]),
      (900, [.engineSetTakeMix(take: nil, balance: 0)]),
      (960, [.enginePause]),
    ]
  }

  /// Takes of unknown speed (laid), played along at the song's speed (laid, then stretched from
  /// the speed change), at another speed and pitch (stretched throughout), and with the speed
  /// and pitch changed twice while they were recorded (stretched part by part).
  static let played: [Played] = [
    Played(playedAt: nil), Played(playedAt: SpeedAndPitch(speed: 1, pitchSemitones: 0)),
    Played(playedAt: SpeedAndPitch(speed: 0.5, pitchSemitones: 2)),
    Played(
      playedAt: SpeedAndPitch(speed: 1, pitchSemitones: 0),
      changes: [
        PlayedAtChange(frame: 9_000, playedAt: SpeedAndPitch(speed: 0.75, pitchSemitones: 0)),
        PlayedAtChange(frame: 20_000, playedAt: SpeedAndPitch(speed: 1.2, pitchSemitones: -1)),
      ]),
  ]

  @Test(arguments: played)
  func listeningBackLiveEqualsTheRenderBitForBit(played: Played) throws {
    let source = try LiveEngineTests.source()
    let takes = try Self.takes(played)
    for callbackFrames in [300, 256] {
      let engine = try LiveEngine(
        audio: try DecodedAudio(url: source), framesPerCallback: callbackFrames,
        takeAudio: takes.audio)
      let callbacks = 1_000 * 300 / callbackFrames
      let (events, output) = LiveEngineTests.play(
        engine, callbacks: callbacks, callbackFrames: callbackFrames,
        script: Self.script(takes.recordings))
      let endSec = Double(callbacks * callbackFrames) / Double(Self.rate)
      let rendered = try RenderFixture.render(
        source: source, events: events, endSec: endSec, takeAudio: takes.audio)
      LiveEngineTests.expectIdentical(rendered, output)
      #expect(engine.takeProblem == nil)

      // The takes are heard: without them the same session sounds otherwise.
      let songAlone = try RenderFixture.render(
        source: source,
        events: events.map { event in
          var event = event
          event.effects = event.effects.filter {
            if case .engineSetTakeMix = $0 { false } else { true }
          }
          return event
        }, endSec: endSec)
      #expect(songAlone.count == output.count)
      #expect(songAlone != output, "the takes must be heard")
    }
  }

  /// The audio thread keeps rendering while a take decodes, here for three callbacks. Decoded
  /// after the action's frame was reserved (no `prepareTake`), the choice reaches the audio
  /// thread after that frame and is late; decoded before (as `LiveSession.send` does for
  /// `listenToTake`), it is on time and choosing it decodes nothing.
  @Test(arguments: [false, true])
  func aTakeDecodedBeforeItsFrameIsReservedIsOnTime(prepared: Bool) throws {
    let source = try LiveEngineTests.source()
    let takes = try Self.takes()
    final class Box { var engine: LiveEngine? }
    let box = Box()
    var block = [Float](repeating: 0, count: 256 * 2)
    var decodes = 0
    func callbacks(_ count: Int) {
      for _ in 0..<count {
        block.withUnsafeMutableBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          box.engine?.render(into: base, frames: 256)
        }
      }
    }
    let engine = try LiveEngine(
      audio: try DecodedAudio(url: source), framesPerCallback: 256,
      takeAudio: { take in
        decodes += 1
        callbacks(3)
        return try takes.audio(take)
      })
    box.engine = engine
    try engine.perform(.enginePlay)
    callbacks(4)
    if prepared { engine.prepareTake(takes.recordings[0]) }
    _ = engine.reserveFrame()
    engine.setTakeMix(take: takes.recordings[0], balance: 0)
    callbacks(2)
    var late = 0
    engine.drainReports { late = $0.lateCommands }
    #expect(late == (prepared ? 0 : 1))
    #expect(decodes == 1)
    #expect(engine.takeProblem == nil)
  }

  /// Take frame k sounds on wall frame (line start + k): from a play at A, and again from each
  /// wrap; a play away from A starts a pass's take nowhere (it comes in at the next wrap); the
  /// balance at 1 silences the song.
  @Test func aPassTakeStartsOnEveryPassFromItsFirstFrame() throws {
    let directory = try RenderFixture.directory()
    let song = directory.appending(path: "silence.wav")
    try RenderFixture.write(song, sampleRate: Self.rate, frames: 4 * Self.rate) { _, _ in 0 }
    let takeFile = try RenderFixture.rampFile(sampleRate: Self.rate, frames: 30_000)
    let take = TakeRecording(
      startFrame: 0, endFrame: 30_000, pass: 1, input: "t",
      sha256: String(repeating: "a", count: 64))
    let audio = { (_: TakeRecording) in try DecodedAudio(url: takeFile) }
    // Loop 0.5–1.0 s (22,050 frames a pass); play away from A at 0.1 s, then at A at 2.0 s.
    let events = RenderFixture.events([
      (0, [.engineLoad(url: song)]),
      (0.05, [.engineSetTakeMix(take: take, balance: 1)]),
      (0.1, [.engineSetLoop(aSec: 0.5, bSec: 1.0, enabled: true), .enginePlay]),
      (1.8, [.enginePause]),
      (1.9, [.engineSeek(timeSec: 0.5)]),
      (2.0, [.enginePlay]),
    ])
    let output = try RenderFixture.render(
      source: song, events: events, endSec: 3.0, takeAudio: audio)
    let play = Int(0.1 * Double(Self.rate))
    // From 0 to B at speed 1: the first wrap is 1 s after the play.
    let firstWrap = play + Self.rate
    // Before the first wrap (the play was not at A): silence.
    #expect(output[play..<firstWrap].allSatisfy { $0 == 0 })
    // From the wrap, the ramp from its first frame (faded in over its first 5 ms).
    for k in [300, 1_000, 22_000] {
      #expect(output[firstWrap + k] == RenderFixture.ramp(k), "pass 1, take frame \(k)")
    }
    #expect(output[firstWrap + 22_050 + 1_000] == RenderFixture.ramp(1_000), "pass 2")
    let secondPlay = 2 * Self.rate
    #expect(output[secondPlay + 5_000] == RenderFixture.ramp(5_000), "the play at A")
  }

  @Test(.enabled(if: sharp9_allocations_supported() == 1), arguments: played)
  func mixingATakeAllocatesNothing(played: Played) throws {
    let takes = try Self.takes(played)
    let (allocations, peak) = try LiveEngineAllocationTests.countAllocations(
      takeAudio: takes.audio, countsSteps: false
    ) { engine, callback in
      // Choosing a take decodes and keeps it here, on the control side: not counted.
      switch callback {
      case 10:
        engine.reserveFrame()
        engine.setLoop(aSec: 0.3, bSec: 0.6, enabled: true)
      case 20, 300, 600:
        engine.reserveFrame()
        engine.setTakeMix(take: takes.recordings[callback % 3], balance: 0.25)
      case 400:
        engine.reserveFrame()
        engine.setTakeMix(take: nil, balance: 1)
      case 450:
        engine.reserveFrame()
        engine.setTakeMix(take: takes.recordings[0], balance: 0)
      case 500:
        engine.reserveFrame()
        engine.setRate(0.8)
      default: break
      }
    }
    #expect(allocations == 0)
    #expect(peak > 0.1)
  }
}
