import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// Claimed frames (``LiveEngine/claimFrame(notBefore:)``): an action's commands take effect
/// exactly at the claimed frame when the claim is confirmed before the audio thread begins its
/// block, and never when it is not; no command is ever late.
@Suite struct LiveEngineClaimTests {
  static let block = 256

  static let audio = Result { try DecodedAudio(url: try LiveEngineTests.source()) }

  static func engine() throws -> LiveEngine {
    let engine = try LiveEngine(audio: try audio.get(), framesPerCallback: block)
    try engine.perform(.engineLoad(url: URL(filePath: "/x.wav")))
    return engine
  }

  /// Renders one block; returns its report.
  static func render(_ engine: LiveEngine) -> EngineReport? {
    var output = [Float](repeating: 0, count: block * 2)
    output.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      engine.render(into: base, frames: block)
    }
    var last: EngineReport?
    engine.drainReports { last = $0 }
    return last
  }

  @Test func aConfirmedClaimTakesEffectAtTheNextBlock() throws {
    let engine = try Self.engine()
    #expect(Self.render(engine)?.isPlaying == false)
    let frame = engine.claimFrame()
    #expect(frame == 256, "the first frame the audio thread has not begun")
    engine.play()
    #expect(engine.confirmClaim())
    let report = Self.render(engine)
    #expect(report?.isPlaying == true)
    #expect(report?.lateCommands == 0)
  }

  @Test func aClaimIsNeverBeforeAnEarlierReservationOrNotBefore() throws {
    let engine = try Self.engine()
    #expect(engine.reserveFrame(leadFrames: 100) == 356)
    #expect(engine.claimFrame() == 356)
    #expect(engine.confirmClaim())
    #expect(engine.claimFrame(notBefore: 1024) == 1024)
    #expect(engine.confirmClaim())
    #expect(engine.nextFrame == 1024)
  }

  /// The audio thread begins the claimed block before the commands are queued (they are found a
  /// block later) or between the queueing and the confirmation (they are found in that very
  /// block): either way the claim is lost and nothing under it is ever applied.
  @Test(arguments: [true, false])
  func aClaimTheAudioThreadGotToFirstIsDropped(queuedBeforeTheBlock: Bool) throws {
    let engine = try Self.engine()
    _ = engine.claimFrame()
    if queuedBeforeTheBlock { engine.play() }
    _ = Self.render(engine)
    if !queuedBeforeTheBlock { engine.play() }
    #expect(!engine.confirmClaim())
    for _ in 0..<3 {
      let report = Self.render(engine)
      #expect(report?.isPlaying == false, "a dropped claim's play must never be applied")
      #expect(report?.lateCommands == 0)
    }
    #expect(engine.claimFrame() == 1024, "the next claim is the next block")
    engine.play()
    #expect(engine.confirmClaim())
    #expect(Self.render(engine)?.isPlaying == true)
  }

  /// A claim withdrawn (its action failed before anything was sent) leaves later commands alone.
  @Test func aWithdrawnClaimLeavesLaterCommandsAlone() throws {
    let engine = try Self.engine()
    #expect(engine.claimFrame() == 0)
    engine.withdrawClaim()
    engine.play()
    #expect(Self.render(engine)?.isPlaying == true)
    #expect(engine.claimsTakenBack == 0)
  }

  /// Commands sent outside any claim (a reservation) are never dropped with a claim's.
  @Test func aReservationsCommandsOutliveADroppedClaim() throws {
    let engine = try Self.engine()
    _ = engine.reserveFrame()
    engine.seek(toSec: 2)
    _ = engine.claimFrame(notBefore: 256)
    engine.seek(toSec: 4)
    _ = Self.render(engine)
    let report = Self.render(engine)
    #expect(!engine.confirmClaim())
    #expect(report.map { abs($0.positionSec - 2) < 1e-9 } == true)
  }

  /// The same with two real threads: an audio thread rendering 3,000 blocks as fast as it can
  /// while the control side claims, queues a seek, works for up to 0.3 ms (so that claims are
  /// taken back often) and confirms, again and again; every report is then checked against the
  /// claims confirmed.
  @Test func twoThreadsNeverApplyALostClaimOrAConfirmedOneLate() async throws {
    let engine = try Self.engine()
    let blocks = 3_000
    let audio = Task.detached {
      var output = [Float](repeating: 0, count: Self.block * 2)
      output.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for index in 0..<blocks {
          engine.render(into: base, frames: Self.block)
          if index % 7 == 0 { usleep(50) }
        }
      }
    }
    var random = SplitMix64(seed: 7)
    var confirmed: [(frame: Int64, target: Double)] = []
    var reports: [EngineReport] = []
    var lost = 0
    var target = 0.0
    var attemptsThisBlock = 0
    let end = Int64(blocks * Self.block)
    while engine.renderedFrame < end {
      target += 0.001
      let frame = engine.claimFrame()
      engine.seek(toSec: target)
      // The core's reduce and rows take this long before the claim is confirmed.
      let staged = MonotonicClock.nowSec() + Double(random.next() % 300) * 1e-6
      while MonotonicClock.nowSec() < staged {}
      if engine.confirmClaim() { confirmed.append((frame, target)) } else { lost += 1 }
      engine.drainReports { reports.append($0) }
      usleep(UInt32(10 + random.next() % 90))
      // A few claims a block at most, however slowly the audio thread runs (a loaded machine):
      // the command ring holds 1,024.
      attemptsThisBlock += 1
      if attemptsThisBlock >= 8 {
        let block = engine.renderedFrame
        while engine.renderedFrame == block, block < end { usleep(50) }
        attemptsThisBlock = 0
      }
    }
    await audio.value
    engine.drainReports { reports.append($0) }
    #expect(!confirmed.isEmpty && lost > 0, "both outcomes must occur: \(confirmed.count), \(lost)")
    var wrong = 0
    for report in reports {
      let expected = confirmed.last { $0.frame < report.frame }?.target ?? 0
      if abs(report.positionSec - expected) > 1e-9 || report.lateCommands != 0 { wrong += 1 }
    }
    #expect(wrong == 0, "\(wrong) of \(reports.count) blocks heard a lost claim or a late one")
  }

  /// Seeded interleavings of the control side (claim, queue a seek, confirm; claim again when
  /// the claim was lost) with the audio thread's blocks, begun at any point between: after every
  /// block the playhead is the target of the last confirmed claim whose frame the engine has
  /// reached, never a lost claim's, and no command is late.
  @Test func noInterleavingAppliesALostClaimOrAConfirmedOneLate() throws {
    var random = SplitMix64(seed: 20_261_128)
    for run in 0..<40 {
      let engine = try Self.engine()
      var confirmed: [(frame: Int64, target: Double)] = []
      var rendered: Int64 = 0
      var target = 0.0
      var attempts = 0
      var lost = 0
      func maybeRender() throws {
        guard random.next() % 3 == 0 else { return }
        let report = Self.render(engine)
        rendered += Int64(Self.block)
        let expected = confirmed.last { $0.frame < rendered }?.target ?? 0
        #expect(report?.lateCommands == 0, "run \(run)")
        #expect(
          report.map { abs($0.positionSec - expected) < 1e-9 } == true,
          "run \(run): at \(rendered) the playhead is \(report?.positionSec ?? -1), not \(expected)"
        )
      }
      for _ in 0..<60 {
        try maybeRender()
        target += 0.01
        while true {
          attempts += 1
          let frame = engine.claimFrame()
          try maybeRender()
          engine.seek(toSec: target)
          try maybeRender()
          if engine.confirmClaim() {
            confirmed.append((frame, target))
            break
          }
          lost += 1
        }
      }
      #expect(attempts > 60 && lost > 0, "run \(run): the interleavings must lose claims too")
    }
  }
}
