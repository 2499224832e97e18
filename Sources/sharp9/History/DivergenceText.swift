import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// The lines `sharp9 verify` adds when a session recorded by another reducer diverges: which
/// events of the checkpoint bracket changed the divergent fields under the current reducer.
///
/// Hook for the verify command (kept here so the history tools own it):
/// `for line in try DivergenceText.lines(store, report) { output.line(line) }`.
enum DivergenceText {
  /// The lines for `report`; none when it did not diverge or the reducer did not change.
  static func lines(_ store: any EventLog, _ report: VerifyReport) throws -> [String] {
    guard report.reducerChanged, let divergence = report.divergence else { return [] }
    let location = try store.locateDivergence(in: report.session, divergence)
    guard let first = location.firstSuspect else {
      return [
        "no event between the checkpoints changed the divergent fields under the current"
          + " reducer"
      ]
    }
    var lines = [
      "first event where the current reducer can have diverged: \(first.seq)"
        + " (\(formatTime(first.t))) \(EventText.summary(first.action))"
    ]
    if location.suspectCount > 1 {
      let others = location.suspects.dropFirst().map { String($0.seq) }.joined(separator: ", ")
      let more = location.suspectCount > location.suspects.count ? ", …" : ""
      lines.append(
        "  \(location.suspectCount - 1) later event(s) also changed those fields: \(others)\(more)")
    }
    return lines
  }
}
