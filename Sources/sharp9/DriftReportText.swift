import Sharp9Domain

/// The `--report` lines of `timeline` and `render`: recorded tick positions against the model.
enum DriftReportText {
  /// Human-readable lines.
  static func lines(_ report: TickDriftReport) -> [String] {
    guard let worst = report.worst else {
      return ["drift: no recorded ticks to compare with the model"]
    }
    return [
      "drift: \(report.tickCount) tick\(report.tickCount == 1 ? "" : "s") compared with the model, "
        + "mean |drift| "
        + seconds(report.meanAbsoluteDriftSec),
      "largest: \(signed(worst.driftSec)) at event \(worst.sequence) (t \(formatTime(worst.t))): "
        + "engine reported \(formatTime(worst.recordedSec)), model says "
        + formatTime(worst.modelSec),
    ]
  }

  /// `0.250 s`: milliseconds resolution, the unit a drift is judged in.
  static func seconds(_ value: Double) -> String {
    value.formatted(.number.precision(.fractionLength(3)).locale(.init(identifier: "en_US_POSIX")))
      + " s"
  }

  private static func signed(_ value: Double) -> String {
    (value > 0 ? "+" : "") + seconds(value)
  }
}
