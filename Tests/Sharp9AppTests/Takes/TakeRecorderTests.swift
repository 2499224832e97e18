import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store
import Testing

/// The recorder fed as a duplex device would feed it: 256-frame input blocks stamped with their
/// session frames, through the lock-free capture, to takes in a library folder.
@Suite("takes: capture, writer thread, library") struct TakeRecorderTests {
  static let rate = 44_100
  static let block = 256
  /// The stream's report settles over its first 96 blocks when it holds steady (windows of 32
  /// rather than a device's 64, so the tests' streams are short); ``ReportedRoundTripTests``
  /// tries the device's rule, and one test here.
  static let settling = ReportedRoundTrip.Settling(
    skippedBlocks: 32, windowBlocks: 32, steadyWindows: 2, minimumWindows: 2,
    steadySpreadSec: 0.0005, giveUpBlocks: 4_096)

  /// A signal exact in 24 bits: sample `frame` of channel `channel`.
  static func sample(_ frame: Int64, _ channel: Int) -> Float {
    let value = Int32(truncatingIfNeeded: frame &* 37 % 8191) - 4095
    return Float(channel == 0 ? value : -value) / 8_388_608
  }

  /// A fresh folder for the library.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-takes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Feeds blocks from `from` up to `until` (session frames), calling `at` before each block.
  static func feed(
    _ capture: InputCapture, from: Int64, until: Int64, dropouts: Set<Int64> = [],
    roundTripSec: Double? = nil, at: (Int64) -> Void = { _ in },
    roundTripAt: ((Int64) -> Double?)? = nil
  ) {
    var input = [Float](repeating: 0, count: block * capture.channels)
    var frame = from
    while frame < until {
      at(frame)
      for index in 0..<block {
        for channel in 0..<capture.channels {
          input[index * capture.channels + channel] = sample(frame + Int64(index), channel)
        }
      }
      input.withUnsafeBufferPointer { samples in
        guard let base = samples.baseAddress else { return }
        capture.capture(
          base, frames: block, atFrame: frame, dropout: dropouts.contains(frame),
          roundTripSec: roundTripAt?(frame) ?? roundTripSec)
      }
      frame += Int64(block)
    }
  }

  /// The two takes `outcomes` must be, both kept.
  static func twoKept(_ outcomes: [TakeRecorder.Outcome]) throws -> (TakeRecording, TakeRecording) {
    guard outcomes.count == 2, case .kept(let first) = outcomes[0],
      case .kept(let second) = outcomes[1]
    else { throw TakesExpected(outcomes: outcomes) }
    return (first, second)
  }

  struct TakesExpected: Error { var outcomes: [TakeRecorder.Outcome] }

  /// The samples of a take's file, and its frame count.
  static func samples(of url: URL) throws -> (samples: [Float], frames: Int) {
    let reader = try AudioFileReader(url: url)
    let frames = Int(reader.format.frames)
    var buffer = [Float](repeating: 0, count: frames * reader.format.channels)
    let read = try buffer.withUnsafeMutableBufferPointer {
      try reader.read(into: $0, frames: frames)
    }
    return (buffer, read)
  }

  @Test func eachSpanIsATakeWithExactlyTheCapturedSamplesUnderItsHash() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder.appending(path: "takes"))
    let capture = InputCapture(channels: 2, sampleRate: Self.rate, settling: Self.settling)
    let recorder = TakeRecorder(
      capture: capture, library: library, inputName: "pulse", sampleRate: Self.rate)
    // Pass 1 from 5,000 (mid-block), pass 2 from the wrap at 9,000, stopped at 12,345.
    Self.feed(capture, from: 1_024, until: 16_384) { frame in
      switch frame {
      case 1_024:
        recorder.begin(
          atFrame: 5_000, pass: 1, playedAt: SpeedAndPitch(speed: 0.6, pitchSemitones: -2))
      case 4_096:
        recorder.begin(
          atFrame: 9_000, pass: 2, playedAt: SpeedAndPitch(speed: 0.65, pitchSemitones: -2))
      case 8_192: recorder.end(atFrame: 12_345)
      default: break
      }
    }
    let (first, second) = try Self.twoKept(recorder.close())
    #expect((first.startFrame, first.endFrame, first.pass) == (5_000, 9_000, 1))
    #expect((second.startFrame, second.endFrame, second.pass) == (9_000, 12_345, 2))
    #expect(first.input == "pulse" && first.problem == nil && second.problem == nil)
    #expect(first.playedAt == SpeedAndPitch(speed: 0.6, pitchSemitones: -2))
    #expect(second.playedAt == SpeedAndPitch(speed: 0.65, pitchSemitones: -2))
    for take in [first, second] {
      let url = library.url(of: take)
      #expect(try AudioFileLocator.sha256(of: url) == take.sha256)
      let (samples, frames) = try Self.samples(of: url)
      #expect(Int64(frames) == take.endFrame - take.startFrame)
      var mismatches = 0
      for index in 0..<frames {
        for channel in 0..<2
        where samples[index * 2 + channel]
          != Self.sample(take.startFrame + Int64(index), channel)
        {
          mismatches += 1
        }
      }
      #expect(mismatches == 0, "take \(take.pass ?? 0) differs from its input")
    }
    // Only the kept takes are in the folder: no hidden or partial file is left.
    let names = try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
    #expect(Set(names) == [first.sha256 + ".flac", second.sha256 + ".flac"])
  }

  static func calibration(latency: Int64, reported: Int64?) -> DeviceCalibration {
    DeviceCalibration(
      output: "pulse", input: "pulse", sampleRate: rate, framesPerCallback: block,
      latencyFrames: latency, spreadFrames: 0, reportedFrames: reported,
      measuredAt: Date(timeIntervalSince1970: 0))
  }

  /// With a calibrated round trip of L frames, the input stamped at frame F + L is what was
  /// played against song frame F: the take's frames are moved back by L, sample for sample, and
  /// each dropout is counted in the take it happened in.
  @Test func theRoundTripIsSubtractedAndDropoutsAreCounted() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder)
    let capture = InputCapture(channels: 2, sampleRate: Self.rate, settling: Self.settling)
    let latency: Int64 = 1_536
    let recorder = TakeRecorder(
      capture: capture, library: library, inputName: "pulse", sampleRate: Self.rate,
      calibration: Self.calibration(latency: latency, reported: nil))
    recorder.begin(atFrame: 1_000, pass: 1)
    recorder.end(atFrame: 4_000)
    recorder.begin(atFrame: 4_000, pass: 2)
    recorder.end(atFrame: 7_000)
    // Dropouts at stamped frames 2,560 (song frame 1,024: the first take) and 7,936 (song
    // frame 6,400: the second). The second take counts both: the first one may have moved the
    // input against the output for the rest of the stream.
    Self.feed(capture, from: 0, until: 10_240, dropouts: [2_560, 7_936])
    let (first, second) = try Self.twoKept(recorder.close())
    #expect((first.startFrame, first.endFrame, first.dropouts) == (1_000, 4_000, 1))
    #expect((second.startFrame, second.endFrame, second.dropouts) == (4_000, 7_000, 2))
    #expect(first.latencyFrames == latency && second.latencyFrames == latency)
    let (samples, frames) = try Self.samples(of: library.url(of: first))
    #expect(frames == 3_000)
    // The file's first frame is the input stamped at 1,000 + L.
    #expect(samples[0] == Self.sample(1_000 + latency, 0))
    #expect(samples[2 * 2_999 + 1] == Self.sample(3_999 + latency, 1))
  }

  /// The stream's timestamps report a round trip 300 frames longer than while calibrating (the
  /// sound server set its buffers up differently): takes are moved back by the calibrated round
  /// trip plus 300. Without a calibration, by the reported round trip alone. The first blocks'
  /// wild reports (a stream starting) do not count.
  /// A dropout while no take is written (between takes, or before the first) is counted in
  /// every later take of the stream: an underrun while the page loaded once put the next take
  /// 64 ms late, with no dropout in the take itself.
  @Test func aDropoutBetweenTakesIsCountedInTheLaterOnes() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder)
    let capture = InputCapture(channels: 2, sampleRate: Self.rate, settling: Self.settling)
    let latency: Int64 = 1_536
    let recorder = TakeRecorder(
      capture: capture, library: library, inputName: "pulse", sampleRate: Self.rate,
      calibration: Self.calibration(latency: latency, reported: nil))
    recorder.begin(atFrame: 1_000, pass: nil)
    recorder.end(atFrame: 3_000)
    recorder.begin(atFrame: 4_096, pass: nil)
    recorder.end(atFrame: 6_000)
    // Stamped 5,120: song frame 3,584, after the first take and before the second.
    Self.feed(capture, from: 0, until: 10_240, dropouts: [5_120])
    let (first, second) = try Self.twoKept(recorder.close())
    #expect((first.endFrame, first.dropouts) == (3_000, 0))
    #expect((second.startFrame, second.dropouts) == (4_096, 1))
  }

  @Test(arguments: [(Int64?.some(1_000), Int64(1_836)), (nil, 1_300)])
  func theRoundTripFollowsTheStreamsReportedRoundTrip(calibrated: Int64?, moved: Int64) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder)
    let capture = InputCapture(channels: 2, sampleRate: Self.rate, settling: Self.settling)
    let recorder = TakeRecorder(
      capture: capture, library: library, inputName: "pulse", sampleRate: Self.rate,
      calibration: calibrated.map { Self.calibration(latency: 1_536, reported: $0) })
    let settling = Int64(Self.settling.skippedBlocks * Self.block)
    Self.feed(capture, from: 0, until: settling, roundTripSec: 0.5)
    recorder.begin(atFrame: 40_000, pass: nil)
    recorder.end(atFrame: 41_000)
    Self.feed(capture, from: settling, until: 60_000, roundTripSec: 1_300 / Double(Self.rate))
    guard case .kept(let take)? = recorder.close().first else {
      Issue.record("expected a kept take")
      return
    }
    #expect(take.latencyFrames == moved)
    let (samples, _) = try Self.samples(of: library.url(of: take))
    #expect(samples[0] == Self.sample(40_000 + moved, 0))
  }

  /// Feeds one 256-frame block per round trip of `roundTrips` (from frame 0) to a mono capture.
  static func reports(_ roundTrips: [Double?], to capture: InputCapture) {
    let input = [Float](repeating: 0.5, count: block)
    input.withUnsafeBufferPointer { samples in
      guard let base = samples.baseAddress else { return }
      for (index, roundTrip) in roundTrips.enumerated() {
        capture.capture(
          base, frames: block, atFrame: Int64(index * block), roundTripSec: roundTrip)
      }
    }
  }

  /// Blocks a steady stream's report settles over (``settling``): moves are followed from there.
  static let settlingBlocks = 96

  /// A round trip that moves (the device's timestamps) and stays moved for
  /// ``InputCapture/roundTripJumpBlocks`` blocks is a move, once, at the block where it moved,
  /// to the median of the reports after it; jitter, and spikes that come back sooner, are not.
  /// Until it has settled, the round trip is undecided from that block on.
  @Test func aLastingJumpOfTheTimestampsRoundTripIsAMoveToWhereItSettled() {
    let capture = InputCapture(channels: 1, sampleRate: Self.rate, settling: Self.settling)
    let lasting = InputCapture.roundTripJumpBlocks
    let settle = 32
    let at = Self.settlingBlocks + 20
    // Settling; jitter and a missing report; a spike of lasting − 1 blocks; a shift from block
    // `at` on (jittering around 0.0290); back again 80 blocks later.
    var roundTrips = Array(repeating: Double?.some(0.0174), count: Self.settlingBlocks)
    roundTrips += [0.0174, 0.0176, nil, 0.0171]
    roundTrips += Array(repeating: 0.0290, count: lasting - 1)
    roundTrips += Array(repeating: 0.0174, count: at - roundTrips.count)
    Self.reports(roundTrips, to: capture)
    #expect(capture.undecidedFrom == nil && capture.shifts() == [] && capture.dropouts() == [])
    let moved = (0..<80).map { Double?.some(0.0290 + Double($0 % 3 - 1) * 0.0001) }
    let capture2 = InputCapture(channels: 1, sampleRate: Self.rate, settling: Self.settling)
    Self.reports(roundTrips + Array(moved.prefix(lasting + settle - 1)), to: capture2)
    #expect(capture2.undecidedFrom == Int64(at * 256))
    #expect(capture2.shifts() == [])
    let all = roundTrips + moved + Array(repeating: 0.0175, count: lasting + settle)
    let capture3 = InputCapture(channels: 1, sampleRate: Self.rate, settling: Self.settling)
    Self.reports(all, to: capture3)
    #expect(
      capture3.shifts() == [
        InputCapture.Shift(frame: Int64(at * 256), movedFrames: 512, beforeSettled: false),
        InputCapture.Shift(
          frame: Int64((at + 80) * 256), movedFrames: -507, beforeSettled: false),
      ])
    #expect(capture3.dropouts() == [])
    #expect(capture3.undecidedFrom == nil)
  }

  /// Timestamps that cannot be a round trip (not a number, infinite, negative, over 10 s) are
  /// no report: runs of them, of any length among steady reports, move nothing and count no
  /// dropout. Fed raw, a run of 8 infinite reports was a jump that settled to an infinite
  /// round trip. Seeded, 20 streams.
  @Test(arguments: 1...20)
  func hostileTimestampsMoveNothing(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let hostile: [Double] = [.nan, .infinity, -.infinity, -0.001, -1e9, 10.001, 1e300]
    var roundTrips: [Double?] = Array(repeating: 0.0174, count: Self.settlingBlocks + 40)
    for _ in 0..<20 {
      let run = Int.random(in: 1...60, using: &generator)
      let value = hostile.randomElement(using: &generator) ?? .nan
      roundTrips += Array(repeating: value, count: run)
      roundTrips += Array(repeating: 0.0174, count: Int.random(in: 0...10, using: &generator))
    }
    let capture = InputCapture(channels: 1, sampleRate: Self.rate, settling: Self.settling)
    Self.reports(roundTrips, to: capture)
    #expect(capture.shifts() == [] && capture.dropouts() == [] && capture.undecidedFrom == nil)
  }

  /// A server shifting its buffers may jump back and forth for a while: the move keeps the
  /// frame of its first jump and settles where the round trip stays. One that keeps jumping for
  /// 2 s is a dropout at its first jump, and no move.
  @Test func aRoundTripJumpingBackAndForthSettlesLateOrIsADropout() {
    let lasting = InputCapture.roundTripJumpBlocks
    let before = Array(repeating: Double?.some(0.1449), count: Self.settlingBlocks + 20)
    let at = Int64((Self.settlingBlocks + 20) * 256)
    // Flapping between two values a PulseAudio period apart, `lasting` blocks each.
    let flapping = (0..<8).flatMap { turn in
      Array(repeating: Double?.some(turn % 2 == 0 ? 0.4120 : 0.4410), count: lasting)
    }
    let settled = Array(repeating: Double?.some(0.4119), count: 40)
    let capture = InputCapture(channels: 1, sampleRate: Self.rate, settling: Self.settling)
    Self.reports(before + flapping + settled, to: capture)
    #expect(
      capture.shifts() == [InputCapture.Shift(frame: at, movedFrames: 11_775, beforeSettled: false)]
    )
    #expect(capture.dropouts() == [])
    let forever = (0..<60).flatMap { turn in
      Array(repeating: Double?.some(turn % 2 == 0 ? 0.4120 : 0.4410), count: lasting)
    }
    let unsettled = InputCapture(channels: 1, sampleRate: Self.rate, settling: Self.settling)
    Self.reports(before + forever, to: unsettled)
    #expect(unsettled.shifts() == [])
    #expect(unsettled.dropouts() == [at])
  }

  /// The stream's round trip moves by 441 frames, longer or shorter, during a take (a sound
  /// server shifted its buffers): the take is placed by the round trip before the move up to
  /// the move's frame and by the new one after it. Longer, the input that would go back over
  /// frames the take has is left out; shorter, the frames it skips are silence. The take across
  /// the move counts it as a dropout (the input may show it a little before or after); a later
  /// take lines up by the new round trip and counts none.
  @Test(arguments: [Int64(441), -441])
  func takesFollowAMoveOfTheRoundTrip(moved: Int64) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder)
    let capture = InputCapture(channels: 2, sampleRate: Self.rate, settling: Self.settling)
    let recorder = TakeRecorder(
      capture: capture, library: library, inputName: "pulse", sampleRate: Self.rate)
    let before: Int64 = 882
    let after = before + moved
    let move: Int64 = 200 * 256
    recorder.begin(atFrame: 40_000, pass: nil)
    recorder.end(atFrame: 70_000)
    recorder.begin(atFrame: 80_000, pass: nil)
    recorder.end(atFrame: 100_000)
    Self.feed(
      capture, from: 0, until: 140_000,
      roundTripAt: { frame in Double(frame < move ? before : after) / Double(Self.rate) })
    let (across, later) = try Self.twoKept(recorder.close())
    #expect((across.startFrame, across.endFrame, across.dropouts) == (40_000, 70_000, 1))
    #expect((later.startFrame, later.endFrame, later.dropouts) == (80_000, 100_000, 0))
    #expect(across.latencyFrames == before && later.latencyFrames == after)
    for take in [across, later] {
      let (samples, frames) = try Self.samples(of: library.url(of: take))
      #expect(Int64(frames) == take.endFrame - take.startFrame)
      var wrong: [Int64] = []
      for index in 0..<frames {
        let stamp = take.startFrame + Int64(index)
        let expected: Float =
          if stamp < move {
            Self.sample(stamp + before, 0)
          } else if stamp < move + before - after {
            0  // skipped by the shorter round trip
          } else {
            Self.sample(stamp + after, 0)
          }
        if samples[index * 2] != expected { wrong.append(stamp) }
      }
      #expect(wrong.count == 0, "the first frame that differs: \(wrong.first ?? -1)")
    }
  }

  /// A recorder of stereo input named pulse over a fresh library in `folder`, its report settled
  /// by `settling`.
  static func stereo(in folder: URL, settling: ReportedRoundTrip.Settling = .device) -> (
    InputCapture, TakeRecorder, TakeLibrary
  ) {
    let library = TakeLibrary(directory: folder)
    let capture = InputCapture(channels: 2, sampleRate: rate, settling: settling)
    let recorder = TakeRecorder(
      capture: capture, library: library, inputName: "pulse", sampleRate: rate)
    return (capture, recorder, library)
  }

  /// The one take of frames 40,000 to 70,000 on a stereo stream of `blocks` blocks whose report
  /// for each block is `report(block)`, settled by a device's rule.
  static func oneTake(in folder: URL, blocks: Int, report: @escaping (Int) -> Double) throws
    -> (TakeRecording, TakeLibrary)
  {
    let (capture, recorder, library) = stereo(in: folder)
    recorder.begin(atFrame: 40_000, pass: nil)
    recorder.end(atFrame: 70_000)
    feed(
      capture, from: 0, until: Int64(blocks * block),
      roundTripAt: { report(Int($0) / block) })
    let outcomes = recorder.close()
    guard outcomes.count == 1, case .kept(let take) = outcomes[0] else {
      throw TakesExpected(outcomes: outcomes)
    }
    #expect(hiddenFiles(in: folder).isEmpty, "the provisional file went with the report settled")
    return (take, library)
  }

  /// The names of the hidden files in `folder` (takes being written and their placements).
  static func hiddenFiles(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasPrefix(".") }
  }

  /// A stream's report as PulseAudio gives one for its first seconds (the input never moving):
  /// from 6 ms over where it will settle down to 4 ms under it over 978 blocks, then put back
  /// every 258 blocks to within a fifth of a gap that shrinks by 0.7 each time, drifting off to
  /// the whole gap between.
  static func drifting(block: Int, level: Double) -> Double {
    guard block >= 978 else { return level + 0.006 - 0.010 * Double(block) / 978 }
    let (period, phase) = (block - 978).quotientAndRemainder(dividingBy: 258)
    let gap = 0.004 * pow(0.7, Double(period))
    return level - gap * (0.2 + 0.8 * Double(phase) / 258)
  }

  /// With a device's settling rule, a take recorded while the report still drifts is placed by
  /// where it settles (767 frames), not by its first half second (1,031), and counts no
  /// dropout.
  @Test func aTakeRecordedWhileTheReportDriftsIsPlacedWhereItSettles() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (take, library) = try Self.oneTake(in: folder, blocks: 4_000) {
      Self.drifting(block: $0, level: 0.0174)
    }
    #expect(abs(take.latencyFrames - 767) <= 22, "placed by \(take.latencyFrames) frames")
    #expect(take.dropouts == 0)
    let (samples, _) = try Self.samples(of: library.url(of: take))
    #expect(samples[0] == Self.sample(take.startFrame + take.latencyFrames, 0))
  }

  /// A real move while the report still drifts (a stall 1.7 s into the stream: 10 ms at once)
  /// is followed: the report settles after it, so the input before it is placed by the settled
  /// round trip less the move. The take across it counts it; the take after it lines up by the
  /// settled round trip and counts none. The drift itself moves nothing.
  @Test func aMoveBeforeTheReportSettledIsFollowed() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (capture, recorder, library) = Self.stereo(in: folder)
    let move = 300
    recorder.begin(atFrame: Int64(200 * Self.block), pass: nil)
    recorder.end(atFrame: Int64(400 * Self.block))
    recorder.begin(atFrame: Int64(500 * Self.block), pass: nil)
    recorder.end(atFrame: Int64(700 * Self.block))
    Self.feed(
      capture, from: 0, until: Int64(4_000 * Self.block),
      roundTripAt: { frame in
        let block = Int(frame) / Self.block
        return Self.drifting(block: block, level: 0.0174) + (block >= move ? 0.01 : 0)
      })
    let (across, after) = try Self.twoKept(recorder.close())
    #expect(abs(across.latencyFrames - 767) <= 40, "before the move: \(across.latencyFrames)")
    #expect(abs(after.latencyFrames - 1_208) <= 22, "after it: \(after.latencyFrames)")
    #expect((across.dropouts, after.dropouts) == (1, 0))
    for take in [across, after] {
      let (samples, _) = try Self.samples(of: library.url(of: take))
      #expect(samples[0] == Self.sample(take.startFrame + take.latencyFrames, 0))
    }
  }

  /// Closed before the report settled (one window of it in), the take is placed by that window
  /// and says it may be out of time.
  @Test func aTakeClosedBeforeTheReportSettledIsPlacedByItsLastWindow() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (capture, recorder, _) = Self.stereo(in: folder, settling: Self.settling)
    recorder.begin(atFrame: 1_000, pass: nil)
    recorder.end(atFrame: 9_000)
    Self.feed(capture, from: 0, until: Int64(80 * Self.block), roundTripSec: 0.03)
    #expect(capture.reportedRoundTrip.settled == .pending)
    guard case .kept(let take)? = recorder.close().first else {
      Issue.record("expected a kept take")
      return
    }
    #expect((take.latencyFrames, take.dropouts) == (1_323, 1))
  }

  /// Until the report settles (6.5 s, up to 24 s while it drifts), an open take is written placed
  /// by the report's last window when its file was begun, saying it may be out of time: a crash
  /// then (here: the recovery run while the recorder is still waiting, as after a kill -9) leaves
  /// the take placed in its session, not nothing. Once closed, only the take placed anew is left.
  @Test func aTakeCutShortBeforeTheReportSettledIsRecoveredPlacedByItsFirstWindow() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (capture, recorder, library) = Self.stereo(in: folder)
    let session = UUID()
    recorder.begin(atFrame: 40_000, pass: nil, session: session)
    // 3.5 s of a drifting report: nowhere near settled.
    Self.feed(
      capture, from: 0, until: Int64(600 * Self.block),
      roundTripAt: { Self.drifting(block: Int($0) / Self.block, level: 0.0174) })
    #expect(capture.reportedRoundTrip.settled == .pending)
    // The writer has caught up once its partial file stops growing.
    var sizes: [Int] = []
    let deadline = Date(timeIntervalSinceNow: 20)
    while Date() < deadline, sizes.count < 3 || sizes[sizes.count - 3] != sizes.last {
      Thread.sleep(forTimeInterval: 0.1)
      let partials = Self.hiddenFiles(in: folder).filter { $0.hasSuffix(".partial") }
      let size = partials.compactMap {
        try? FileManager.default.attributesOfItem(
          atPath: folder.appending(path: $0).path)[.size] as? Int
      }.reduce(0, +)
      sizes.append(size)
    }
    let recovered = library.recoverCutShortTakes { _ in false }
    guard recovered.count == 1, case .placed(let take, let placedIn, _) = recovered[0] else {
      Issue.record("expected one take placed, got \(recovered)")
      _ = recorder.close()
      return
    }
    // A window's median as the writer found it: between the first (blocks 32 to 95 of the
    // drift, 5.3 ms over its level) and the last fed.
    let window = { (block: Int) in
      Int64((Self.drifting(block: block, level: 0.0174) * Double(Self.rate)).rounded())
    }
    #expect(
      (window(600)...window(64)).contains(take.latencyFrames), "placed by \(take.latencyFrames)")
    #expect((placedIn, take.startFrame, take.dropouts) == (session, 40_000, 1))
    #expect(take.endFrame - take.startFrame >= Int64(Self.rate), "up to its last flush")
    let (samples, _) = try Self.samples(of: library.url(of: take))
    #expect(samples[0] == Self.sample(take.startFrame + take.latencyFrames, 0))
    #expect(samples[1] == Self.sample(take.startFrame + take.latencyFrames, 1))
    guard case .kept? = recorder.close().first else {
      Issue.record("expected the take kept at close")
      return
    }
    #expect(Self.hiddenFiles(in: folder).isEmpty)
  }

  /// A report that never holds steady (a stream falling ever further behind) settles at the
  /// give-up on its last window, and every take of the stream says it may be out of time.
  @Test func aTakeOfAStreamWhoseReportNeverSteadiedCountsADropout() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (take, _) = try Self.oneTake(in: folder, blocks: 4_300) { 0.02 + Double($0) * 0.000_01 }
    #expect(take.dropouts == 1)
  }

  @Test func aTakeStillOpenWhenClosingEndsAtTheLastCapturedFrame() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = TakeLibrary(directory: folder)
    let capture = InputCapture(channels: 1, sampleRate: Self.rate, settling: Self.settling)
    let recorder = TakeRecorder(
      capture: capture, library: library, inputName: "mic", sampleRate: Self.rate)
    recorder.begin(atFrame: 100, pass: nil)
    #expect(recorder.isRecording)
    Self.feed(capture, from: 0, until: 2_560)
    let outcomes = recorder.close()
    guard case .kept(let take)? = outcomes.first, outcomes.count == 1 else {
      Issue.record("expected one kept take, got \(outcomes)")
      return
    }
    #expect((take.startFrame, take.endFrame, take.pass) == (100, 2_560, nil))
  }

  @Test func aSpanNothingWasCapturedForIsDropped() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let capture = InputCapture(channels: 2, sampleRate: Self.rate, settling: Self.settling)
    let recorder = TakeRecorder(
      capture: capture, library: TakeLibrary(directory: folder), inputName: "pulse",
      sampleRate: Self.rate)
    recorder.begin(atFrame: 50_000, pass: nil)
    recorder.end(atFrame: 60_000)
    Self.feed(capture, from: 0, until: 1_024)
    #expect(recorder.close() == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func aFolderThatCannotBeWrittenLosesTheTakeWithAReasonAndReportsNoTake() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A file where the takes folder should be.
    let blocked = folder.appending(path: "takes")
    try Data("x".utf8).write(to: blocked)
    let capture = InputCapture(channels: 2, sampleRate: Self.rate, settling: Self.settling)
    let recorder = TakeRecorder(
      capture: capture, library: TakeLibrary(directory: blocked), inputName: "pulse",
      sampleRate: Self.rate)
    recorder.begin(atFrame: 0, pass: nil)
    Self.feed(capture, from: 0, until: 1_024)
    recorder.end(atFrame: 1_024)
    let outcomes = recorder.close()
    #expect(outcomes.count == 1)
    if case .failed? = outcomes.first {} else { Issue.record("expected a failure: \(outcomes)") }
  }

  @Test func aBlockThatDoesNotFitStopsTheCaptureAndIsCounted() {
    let capture = InputCapture(channels: 2, sampleRate: 1_000, seconds: 1)
    Self.feed(capture, from: 0, until: 2_048)
    #expect(capture.overflows == 1)
    var buffer = [Float](repeating: 0, count: 4_096)
    let read = buffer.withUnsafeMutableBufferPointer { capture.read(into: $0) }
    // 1,024 frames fit the ring (1,000 frames rounded up to a power of two samples / 2).
    #expect(read?.frame == 0 && read?.frames == 1_024)
  }
}
