import Sharp9Audio
import Testing

/// The round trip a stream's timestamps report, settled: the median after the start-up blocks.
@Suite("reported round trip") struct ReportedRoundTripTests {
  static let skipped = ReportedRoundTrip.skippedBlocks
  static let sampled = ReportedRoundTrip.sampledBlocks

  @Test func pendingUntilTheSampledBlocksAreIn() {
    let report = ReportedRoundTrip(sampleRate: 1_000)
    for _ in 0..<(Self.skipped + Self.sampled - 1) { report.note(0.1) }
    #expect(report.settled == .pending)
    report.note(0.1)
    #expect(report.settled == .frames(100))
  }

  /// Start-up reports and a few outliers among the sampled blocks move nothing; later blocks
  /// are not sampled at all.
  @Test func theMedianOfTheSampledBlocksAfterStartUp() {
    let report = ReportedRoundTrip(sampleRate: 44_100)
    for _ in 0..<Self.skipped { report.note(3.0) }
    for index in 0..<Self.sampled {
      // Jitter of ±3 frames around 6,399, and one block in eight reporting nonsense (too long
      // or too short).
      let nonsense: Double = index % 16 == 7 ? 90_000 : 3
      let frames = index % 8 == 7 ? nonsense : 6_399 + Double(index % 7 - 3)
      report.note(index % 8 == 3 ? nil : frames / 44_100)
    }
    for _ in 0..<100 { report.note(1.0) }
    guard case .frames(let frames) = report.settled else {
      Issue.record("expected a settled round trip, got \(report.settled)")
      return
    }
    #expect(abs(frames - 6_399) <= 3)
  }

  @Test func aStreamWithoutTimestampsIsUnreported() {
    let report = ReportedRoundTrip(sampleRate: 44_100)
    for index in 0..<(Self.skipped + Self.sampled) {
      report.note(index % 3 == 0 ? 0.1 : nil)
    }
    #expect(report.settled == .unreported)
  }

  @Test func negativeAndNonFiniteReportsAreNone() {
    let report = ReportedRoundTrip(sampleRate: 44_100)
    for index in 0..<(Self.skipped + Self.sampled) {
      report.note([-0.1, .nan, .infinity, 1e300, 10.5, -.infinity][index % 6])
    }
    #expect(report.settled == .unreported)
  }
}
