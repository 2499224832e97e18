import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// A take heard at another speed or pitch than it was played along at stays in time and in key
/// with the song: a stretcher voice plays it at the speed ratio and the pitch difference, from
/// the point the line has reached. (The live engine renders the same samples:
/// `LiveListeningTests`.)
@Suite struct StretchedTakeTests {
  static let rate = 44_100
  /// The loop: A and B in song seconds.
  static let loop = (a: 0.5, b: 1.5)
  /// Song seconds of the clicks: every 0.1 s.
  static let clickTimes = stride(from: 0.0, to: 4.0, by: 0.1).map { $0 }

  /// A burst of a 2 kHz tone, 3 ms long with a raised-cosine envelope, at `frame` of a burst
  /// starting at 0.
  static func burst(_ frame: Int, length: Int) -> Float {
    guard frame >= 0, frame < length else { return 0 }
    let envelope = 0.5 - 0.5 * cos(2 * Double.pi * Double(frame) / Double(length))
    return Float(envelope * sin(2 * Double.pi * 2_000 * Double(frame) / Double(rate)) * 0.5)
  }

  /// A file with a burst at each of `frames`.
  static func clicks(_ url: URL, at frames: [Int], length: Int, total: Int) throws {
    try RenderFixture.write(url, sampleRate: rate, frames: total) { frame, _ in
      frames.reduce(Float(0)) { $0 + burst(frame - $1, length: length) }
    }
  }

  /// The song (bursts at ``clickTimes``) and a take of one loop pass played along at
  /// `playedSpeed`: its bursts are where the song's were heard at that speed.
  static func songAndTake(playedSpeed: Double) throws -> (song: URL, take: URL, frames: Int) {
    let directory = try RenderFixture.directory()
    let song = directory.appending(path: "song.wav")
    let length = Int(0.003 * Double(rate))
    try clicks(
      song, at: clickTimes.map { Int(($0 * Double(rate)).rounded()) }, length: length,
      total: 4 * rate)
    let take = directory.appending(path: "take.wav")
    let passFrames = Int(((loop.b - loop.a) / playedSpeed * Double(rate)).rounded())
    let inPass = clickTimes.filter { $0 >= loop.a && $0 < loop.b }
    try clicks(
      take,
      at: inPass.map { Int((($0 - loop.a) / playedSpeed * Double(rate)).rounded()) },
      length: Int(Double(length) / playedSpeed), total: passFrames)
    return (song, take, passFrames)
  }

  /// The session: the take chosen at `balance`, the loop at `speed` and `pitch`, played at A for
  /// `seconds`.
  static func render(
    song: URL, take: URL, recording: TakeRecording, speed: Double, pitch: Double = 0,
    balance: Double, seconds: Double
  ) throws -> [Float] {
    let events = RenderFixture.events([
      (0, [.engineLoad(url: song)]),
      (0.01, [.engineSetTakeMix(take: recording, balance: balance)]),
      (0.02, [.engineSetRate(speed), .engineSetPitchSemitones(pitch)]),
      (0.03, [.engineSetLoop(aSec: loop.a, bSec: loop.b, enabled: true)]),
      (0.04, [.engineSeek(timeSec: loop.a)]),
      (0.1, [.enginePlay]),
    ])
    return try RenderFixture.render(
      source: song, events: events, endSec: 0.1 + seconds,
      takeAudio: { _ in try DecodedAudio(url: take) })
  }

  /// Where the bursts of the song are heard (wall frames of their centres), played from A at
  /// `speed` from `playFrame` for `passes` passes. Bursts on A itself are left out: they start
  /// where the pass fades in.
  static func bursts(speed: Double, playFrame: Int, passes: Int) -> [Double] {
    let rate = Double(Self.rate)
    let passFrames = (loop.b - loop.a) / speed * rate
    return (0..<passes).flatMap { pass in
      clickTimes.filter { $0 > loop.a && $0 < loop.b }.map { time in
        Double(playFrame) + Double(pass) * passFrames + (time + burstCentre - loop.a) / speed
          * rate
      }
    }
  }

  /// The middle of a burst, in song seconds from its start.
  static let burstCentre = 0.0015

  /// How far (frames) the centre of energy of `output` within 10 ms of each of `expected` is
  /// from it (nil: no sound there).
  static func burstErrors(_ output: [Float], at expected: [Double]) -> [Double?] {
    expected.compactMap { expected in
      let window = Int(expected) - 441..<Int(expected) + 441
      guard window.upperBound < output.count else { return nil }
      var (energy, moment) = (0.0, 0.0)
      for index in window {
        let power = Double(output[index] * output[index])
        energy += power
        moment += power * Double(index)
      }
      return .some(energy > 1e-6 ? moment / energy - expected : nil)
    }
  }

  /// The largest error (infinite when a burst is missing).
  static func worst(_ errors: [Double?]) -> Double {
    errors.map { $0.map(abs) ?? .infinity }.max() ?? .infinity
  }

  /// Played along at 0.5×, heard at 0.75×, 0.5× (laid) and 1×: over three passes each of the
  /// take's bursts is heard within 1.5 ms of where the song's is (the stretcher places a
  /// transient within a hop's fraction: at 2× the take's were up to 54 frames off, the song's
  /// own, stretched 2× itself, up to 165). Laid frame for frame (a take of unknown speed), the
  /// same take is not there.
  @Test(arguments: [0.75, 0.5, 1.0])
  func aTakeStaysInTimeAtAnotherSpeed(speed: Double) throws {
    let (song, take, frames) = try Self.songAndTake(playedSpeed: 0.5)
    let hash = String(repeating: "c", count: 64)
    let played = TakeRecording(
      startFrame: 0, endFrame: Int64(frames), pass: 1, input: "t", sha256: hash,
      playedAt: SpeedAndPitch(speed: 0.5, pitchSemitones: 0))
    let seconds = 3 * (Self.loop.b - Self.loop.a) / speed
    let takeAlone = try Self.render(
      song: song, take: take, recording: played, speed: speed, balance: 1, seconds: seconds)
    let play = Int(0.1 * Double(Self.rate))
    let expected = Self.bursts(speed: speed, playFrame: play, passes: 3)
    let errors = Self.burstErrors(takeAlone, at: expected)
    #expect(errors.count >= 25)
    let worst = Self.worst(errors)
    #expect(worst <= 66, "at \(speed)×: a burst \(worst) frames off (\(errors))")

    guard speed != 0.5 else { return }
    var unknown = played
    unknown.playedAt = nil
    let laid = try Self.render(
      song: song, take: take, recording: unknown, speed: speed, balance: 1, seconds: seconds)
    let laidErrors = Self.burstErrors(laid, at: expected)
    let off = laidErrors.count { error in error.map { abs($0) > 44 } ?? true }
    #expect(off > laidErrors.count / 2, "laid at \(speed)×: \(laidErrors)")
  }

  /// The speed changed halfway through a pass that was laid (heard at the speed it was played
  /// at): from there a stretcher voice takes the take over at the point the line has reached,
  /// and the rest of the pass stays on the song's bursts.
  @Test func aSpeedChangeInAPassCarriesTheTakeAlong() throws {
    let (song, take, frames) = try Self.songAndTake(playedSpeed: 0.5)
    let played = TakeRecording(
      startFrame: 0, endFrame: Int64(frames), pass: 1, input: "t",
      sha256: String(repeating: "f", count: 64),
      playedAt: SpeedAndPitch(speed: 0.5, pitchSemitones: 0))
    // Played from A at 0.5× at 0.1 s; 0.75× from 0.6 s, where the song is at 0.75 s.
    let events = RenderFixture.events([
      (0, [.engineLoad(url: song)]),
      (0.01, [.engineSetTakeMix(take: played, balance: 1)]),
      (0.02, [.engineSetRate(0.5)]),
      (0.03, [.engineSetLoop(aSec: Self.loop.a, bSec: Self.loop.b, enabled: true)]),
      (0.04, [.engineSeek(timeSec: Self.loop.a)]),
      (0.1, [.enginePlay]),
      (0.6, [.engineSetRate(0.75)]),
    ])
    let output = try RenderFixture.render(
      source: song, events: events, endSec: 2, takeAudio: { _ in try DecodedAudio(url: take) })
    let rate = Double(Self.rate)
    let expected = Self.clickTimes.filter { $0 > 0.8 && $0 < Self.loop.b }.map {
      (0.6 + ($0 + Self.burstCentre - 0.75) / 0.75) * rate
    }
    let errors = Self.burstErrors(output, at: expected)
    #expect(errors.count == 6)
    #expect(Self.worst(errors) <= 66, "after the change: \(errors)")
  }

  /// A take of one pass during which the musician changed the speed from 0.5× to 0.75× when the
  /// song reached `changeSec`: its bursts are where the song's were heard, at 0.5× before the
  /// change and at 0.75× after; the change is at take frame `changeFrame`.
  static func songAndChangingTake(changeSec: Double) throws -> (
    song: URL, take: URL, frames: Int, changeFrame: Int
  ) {
    let (song, _, _) = try songAndTake(playedSpeed: 1)
    let take = song.deletingLastPathComponent().appending(path: "changing.wav")
    let length = Int(0.003 * Double(rate))
    let heardSec = { (time: Double) in
      time < changeSec
        ? (time - loop.a) / 0.5 : (changeSec - loop.a) / 0.5 + (time - changeSec) / 0.75
    }
    let inPass = clickTimes.filter { $0 >= loop.a && $0 < loop.b }
    let frames = Int((heardSec(loop.b) * Double(rate)).rounded())
    try RenderFixture.write(take, sampleRate: rate, frames: frames) { frame, _ in
      inPass.reduce(Float(0)) { sum, time in
        let speed = time < changeSec ? 0.5 : 0.75
        let start = Int((heardSec(time) * Double(rate)).rounded())
        return sum + burst(Int(Double(frame - start) * speed), length: length)
      }
    }
    return (song, take, frames, Int((heardSec(changeSec) * Double(rate)).rounded()))
  }

  /// The speed changed while the take was recorded (0.5×, then 0.75× from the song's 1.0 s):
  /// heard at 1×, 0.75× and 0.6× over three passes, each part is stretched by its own ratio and
  /// every burst is heard within 1.5 ms of the song's. Kept with its first speed only (as takes
  /// were before their changes were kept), the bursts after the change are not there.
  @Test(arguments: [1.0, 0.75, 0.6])
  func aTakeWhoseSpeedChangedStaysInTimeThroughout(speed: Double) throws {
    let (song, take, frames, changeFrame) = try Self.songAndChangingTake(changeSec: 1.0)
    let slow = SpeedAndPitch(speed: 0.5, pitchSemitones: 0)
    let changed = TakeRecording(
      startFrame: 0, endFrame: Int64(frames), pass: 1, input: "t",
      sha256: String(repeating: "a", count: 64), playedAt: slow,
      playedAtChanges: [
        PlayedAtChange(
          frame: Int64(changeFrame), playedAt: SpeedAndPitch(speed: 0.75, pitchSemitones: 0))
      ])
    #expect(changed.problem == nil)
    let seconds = 3 * (Self.loop.b - Self.loop.a) / speed
    let play = Int(0.1 * Double(Self.rate))
    let expected = Self.bursts(speed: speed, playFrame: play, passes: 3)
    let output = try Self.render(
      song: song, take: take, recording: changed, speed: speed, balance: 1, seconds: seconds)
    let errors = Self.burstErrors(output, at: expected)
    #expect(errors.count >= 25)
    let worst = Self.worst(errors)
    #expect(worst <= 66, "at \(speed)×: a burst \(worst) frames off (\(errors))")

    var firstSpeedOnly = changed
    firstSpeedOnly.playedAtChanges = []
    let drifting = try Self.render(
      song: song, take: take, recording: firstSpeedOnly, speed: speed, balance: 1,
      seconds: seconds)
    // The song's bursts after the change (1.0 s) in each pass.
    let inPass = Self.clickTimes.filter { $0 > Self.loop.a && $0 < Self.loop.b }
    let afterChange = expected.enumerated().filter { inPass[$0.offset % inPass.count] > 1.05 }
      .map(\.element)
    let driftErrors = Self.burstErrors(drifting, at: afterChange)
    let off = driftErrors.count { error in error.map { abs($0) > 66 } ?? true }
    #expect(off > driftErrors.count / 2, "first speed only at \(speed)×: \(driftErrors)")
  }

  /// The pitch a take was played along at is taken out and the pitch heard put in: a tone
  /// played at +3 st (the song's A, transposed) is heard as the song's A at 0 and at +5.
  @Test(arguments: [(0.0, 440.0), (5.0, 440.0 * pow(2, 5.0 / 12))])
  func aTakeStaysInKeyAtAnotherPitch(pitch: Double, hertz: Double) throws {
    let directory = try RenderFixture.directory()
    let song = directory.appending(path: "silence.wav")
    try RenderFixture.write(song, sampleRate: Self.rate, frames: 3 * Self.rate) { _, _ in 0 }
    let take = directory.appending(path: "tone.wav")
    let played = 440 * pow(2, 3.0 / 12)
    try RenderFixture.write(take, sampleRate: Self.rate, frames: 2 * Self.rate) { frame, _ in
      Float(sin(2 * Double.pi * played * Double(frame) / Double(Self.rate)) * 0.5)
    }
    let recording = TakeRecording(
      startFrame: 0, endFrame: Int64(2 * Self.rate), pass: nil, input: "t",
      sha256: String(repeating: "d", count: 64),
      playedAt: SpeedAndPitch(speed: 1, pitchSemitones: 3))
    let events = RenderFixture.events([
      (0, [.engineLoad(url: song)]),
      (0.01, [.engineSetTakeMix(take: recording, balance: 1)]),
      (0.02, [.engineSetPitchSemitones(pitch)]),
      (0.1, [.enginePlay]),
    ])
    let output = try RenderFixture.render(
      source: song, events: events, endSec: 1.6, takeAudio: { _ in try DecodedAudio(url: take) })
    // Zero crossings over a second in the middle of the take.
    let window = Array(output[Int(0.4 * Double(Self.rate))..<Int(1.4 * Double(Self.rate))])
    let crossings = zip(window, window.dropFirst()).count { $0 < 0 && $1 >= 0 }
    #expect(
      abs(Double(crossings) - hertz) <= hertz * 0.01,
      "at \(pitch) st: \(crossings) Hz heard, \(hertz) Hz expected")
  }

  /// A stretched take is the same samples every time.
  @Test func aStretchedTakeRendersTheSameEveryTime() throws {
    let (song, take, frames) = try Self.songAndTake(playedSpeed: 0.5)
    let played = TakeRecording(
      startFrame: 0, endFrame: Int64(frames), pass: 1, input: "t",
      sha256: String(repeating: "e", count: 64),
      playedAt: SpeedAndPitch(speed: 0.5, pitchSemitones: 1))
    let first = try Self.render(
      song: song, take: take, recording: played, speed: 0.8, balance: 0, seconds: 3)
    let second = try Self.render(
      song: song, take: take, recording: played, speed: 0.8, balance: 0, seconds: 3)
    #expect(first == second)
    #expect(first.contains { $0 != 0 })
  }
}
