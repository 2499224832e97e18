import Sharp9Audio
import Sharp9Domain
import Testing

@testable import Sharp9App

@Suite struct LateActionsTests {
  private func report(lateCommands: Int, lastLateFrame: Int64, byFrames: Int64) -> EngineReport {
    var report = EngineReport(
      frame: 10_000, positionSec: 0, isPlaying: true, peakLeft: 0, peakRight: 0, underruns: 0,
      lateCommands: lateCommands)
    report.lastLateFrame = lastLateFrame
    report.lastLateByFrames = byFrames
    return report
  }

  @Test func aLateCommandIsNamedByTheActionSentAtItsFrame() {
    var late = LateActions()
    late.sent(.togglePlay, atFrame: 1_000, sendSec: 0.0007, roomSec: 0.0137)
    late.sent(.speedDelta, atFrame: 2_000, sendSec: 0.03, roomSec: 0.006)
    late.take(report(lateCommands: 0, lastLateFrame: -1, byFrames: 0), rate: 1_000)
    #expect(late.found.isEmpty)
    late.take(report(lateCommands: 1, lastLateFrame: 2_000, byFrames: 15), rate: 1_000)
    #expect(
      late.found == [
        LateActions.Late(
          kind: .speedDelta, atSec: 2, lateBySec: 0.015, sendSec: 0.03, roomSec: 0.006)
      ])
    // The same count again is the same late command, not another.
    late.take(report(lateCommands: 1, lastLateFrame: 2_000, byFrames: 15), rate: 1_000)
    #expect(late.found.count == 1)
  }

  @Test func itKeepsAtMostItsCount() {
    var late = LateActions()
    for index in 0..<(LateActions.keptCount + 5) {
      late.sent(.tick, atFrame: Int64(index), sendSec: 0, roomSec: 0)
      late.take(report(lateCommands: index + 1, lastLateFrame: Int64(index), byFrames: 1), rate: 1)
    }
    #expect(late.found.count == LateActions.keptCount)
  }
}
