import Sharp9Audio

/// Measures key press → DAC for `sharp9 play --latency-log` (scripts/bench-player.sh): the
/// device clock when a key's bytes arrived, and the DAC time of the frame its action took
/// effect at, from the report of the block that rendered that frame. Includes everything: the
/// run loop's poll, the append, the reserved frame's lead and the device's own latency.
struct LatencyProbe {
  private var pending: [(frame: Int64, pressSec: Double)] = []
  /// Each key's latency in seconds, in key order: to the callback that rendered its frame (the
  /// player's and engine's part) and to the DAC (adding the device's buffering).
  private(set) var latenciesSec: [(toRenderSec: Double, toDACSec: Double)] = []

  /// Notes a key pressed at `pressSec` (device clock) whose action takes effect at `frame`.
  mutating func pressed(atSec pressSec: Double, frame: Int64) {
    pending.append((frame, pressSec))
  }

  /// Resolves the keys whose frame `report`'s block rendered.
  mutating func resolve(_ report: EngineReport, sampleRate: Double) {
    guard report.dacTimeSec > 0 else { return }
    let start = report.frame - Int64(report.blockFrames)
    pending.removeAll { key in
      guard key.frame < report.frame else { return false }
      let offset = Double(max(0, key.frame - start)) / sampleRate
      latenciesSec.append(
        (report.callbackTimeSec - key.pressSec, report.dacTimeSec + offset - key.pressSec))
      return true
    }
  }
}
