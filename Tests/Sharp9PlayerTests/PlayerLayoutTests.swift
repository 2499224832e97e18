import Sharp9Audio
import Sharp9Domain
import Testing

@testable import Sharp9Player

/// Screen cells ↔ track time: what a click means, and that it agrees with what is drawn.
@Suite struct PlayerLayoutTests {
  let layout = PlayerLayout(columns: 80, rows: 24)

  @Test func eightyByTwentyFourRows() {
    #expect(layout.overviewRows == 2...5)
    #expect(layout.zoomRows == 7...12)
    #expect(layout.statusRow == 14)
    #expect(layout.waveformWidth == 78)
  }

  @Test func overviewColumnsSpanTheTrack() {
    let time = { (column: Int) in
      layout.time(column: column, row: 3, playheadSec: 0, durationSec: 78)
    }
    #expect(time(2) == 0)
    #expect(time(41) == 39)
    #expect(time(79) == 77)
    #expect(time(1) == 0)  // the margin clamps to the first cell
    #expect(time(80) == 77)
  }

  @Test func zoomColumnsSpanEightSecondsAroundThePlayhead() {
    let time = { (column: Int, playhead: Double) in
      layout.time(column: column, row: 9, playheadSec: playhead, durationSec: 78)
    }
    #expect(time(2, 20) == 16)
    #expect(time(41, 20) == 20)
    #expect(time(2, 1) == 0)  // near the start the window stays inside the track
    #expect(time(2, 77) == 70)  // and near the end
  }

  @Test func rowsOutsideTheWaveformsAreNoTime() {
    for row in [1, 6, 13, 14, 24] {
      #expect(layout.time(column: 20, row: row, playheadSec: 5, durationSec: 78) == nil)
    }
  }

  @Test func aClickOnTheDrawnPlayheadIsThePlayheadsTime() throws {
    let duration = 120.0
    let peaks = WaveformPeaks(
      min: [Float](repeating: -0.5, count: 100), max: [Float](repeating: 0.5, count: 100),
      buckets: 100, durationSec: duration)
    let screen = PlayerScreen(layout: layout, peaks: peaks, colour: true)
    for playhead in [0.0, 13.3, 60, 100.7] {
      let lines = screen.draw(PlayerScreenTests.view(playheadSec: playhead))
      for row in [layout.overviewRows.lowerBound, layout.zoomRows.lowerBound] {
        let cells = Array(lines[row - 1].text)
        let column = try #require(cells.firstIndex(of: "┃")) + 1
        let time = try #require(
          layout.time(column: column, row: row, playheadSec: playhead, durationSec: duration))
        let span = row == layout.overviewRows.lowerBound ? duration : PlayerLayout.zoomSpanSec
        #expect(abs(time - playhead) <= span / 78, "playhead \(playhead), row \(row)")
      }
    }
  }
}
