import Foundation
import Sharp9Domain
import Sharp9Store

extension StateCommand {
  /// For scripts/bench-store.sh (hidden `--time-random-points N`): rebuilds the state at `count`
  /// seeded random points on the already open store, the way the app scrubs a session's history,
  /// and prints the median and 99th-percentile microseconds on standard error. The CLI's own
  /// `--at` call opens the database each time; this is the replay engine's part alone.
  static func timeRandomPoints(_ count: Int, of record: SessionRecord, in store: any EventLog)
    throws
  {
    var random = SplitMix64(seed: 2026)
    let clock = ContinuousClock()
    var microseconds: [Int] = []
    microseconds.reserveCapacity(count)
    for _ in 0..<max(1, count) {
      let seq = Int64.random(in: 0...record.eventCount, using: &random)
      let start = clock.now
      _ = try store.state(of: record, at: seq)
      microseconds.append(Int((clock.now - start) / .microseconds(1)))
    }
    microseconds.sort()
    let percentile = { (q: Double) in
      microseconds[min(microseconds.count - 1, Int(q * Double(microseconds.count)))]
    }
    StandardError.line("state-at-open-store p50-us \(percentile(0.5)) p99-us \(percentile(0.99))")
  }
}
