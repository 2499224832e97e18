/// Where things are on the player's screen for a terminal size: the rows of the two waveforms
/// and the time span each shows, so drawing and mouse clicks agree on what a cell means.
struct PlayerLayout: Equatable {
  /// Seconds the zoomed waveform shows around the playhead.
  static let zoomSpanSec = 8.0

  let columns: Int
  let rows: Int
  /// 1-based screen rows of the overview and the zoomed waveform.
  let overviewRows: ClosedRange<Int>
  let zoomRows: ClosedRange<Int>
  /// The first status row (the rest follow it).
  let statusRow: Int

  /// Lays out a `columns × rows` screen (at least 80×24 is designed for; smaller still draws).
  init(columns: Int, rows: Int) {
    self.columns = max(20, columns)
    self.rows = max(12, rows)
    let spare = max(0, self.rows - 24)
    let overviewHeight = 4 + spare / 3
    let zoomHeight = 6 + spare - spare / 3
    overviewRows = 2...(1 + overviewHeight)
    zoomRows = (overviewRows.upperBound + 2)...(overviewRows.upperBound + 1 + zoomHeight)
    statusRow = zoomRows.upperBound + 2
  }

  /// Waveform cells per row (one column of margin each side).
  var waveformWidth: Int { columns - 2 }

  /// The span the zoomed waveform shows: ``zoomSpanSec`` centred on the playhead, inside the
  /// track.
  static func zoomWindow(playheadSec: Double, durationSec: Double) -> ClosedRange<Double> {
    let span = min(zoomSpanSec, max(durationSec, 0.001))
    let start = min(max(0, playheadSec - span / 2), max(0, durationSec - span))
    return start...(start + span)
  }

  /// The source time under a screen cell of either waveform, or nil elsewhere.
  func time(column: Int, row: Int, playheadSec: Double, durationSec: Double) -> Double? {
    let span: ClosedRange<Double>
    if overviewRows.contains(row) {
      span = 0...durationSec
    } else if zoomRows.contains(row) {
      span = Self.zoomWindow(playheadSec: playheadSec, durationSec: durationSec)
    } else {
      return nil
    }
    let fraction = Double(min(max(column - 2, 0), waveformWidth - 1)) / Double(waveformWidth)
    return span.lowerBound + fraction * (span.upperBound - span.lowerBound)
  }
}
