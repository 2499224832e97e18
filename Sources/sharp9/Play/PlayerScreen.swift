import Sharp9Audio
import Sharp9Domain

/// Everything one frame of the player's screen shows.
struct PlayerView {
  var state: State
  var playheadSec: Double
  var isPlaying: Bool
  var fileName: String
  var sessionID: String
  var deviceLine: String
  var levelsDB: (left: Double, right: Double)
  var holdsDB: (left: Double, right: Double)
  var clipping: (left: Bool, right: Bool)
  var underruns: Int
  var lateCommands: Int
  var showHelp: Bool
}

/// Draws the player's screen as one string of ANSI sequences (home, every row, no scrolling),
/// in colour or in characters alone.
struct PlayerScreen {
  let layout: PlayerLayout
  let peaks: WaveformPeaks
  let colour: Bool

  /// The whole screen for `view`.
  func draw(_ view: PlayerView) -> String {
    var lines = [String](repeating: "", count: layout.rows + 1)
    let duration = view.state.track?.durationSec ?? peaks.durationSec
    let title = " sharp9 play · \(view.fileName)"
    let session = "session \(view.sessionID.prefix(8)) "
    lines[1] = paint(pad(title, to: layout.columns - session.count) + session, "1")
    let overview = waveform(
      span: 0...duration, height: layout.overviewRows.count, view: view, duration: duration)
    for (offset, row) in layout.overviewRows.enumerated() { lines[row] = overview[offset] }
    let window = PlayerLayout.zoomWindow(playheadSec: view.playheadSec, durationSec: duration)
    lines[layout.overviewRows.upperBound + 1] = paint(
      " zoom \(formatTime(window.lowerBound)) – \(formatTime(window.upperBound))", "2")
    let zoom = waveform(span: window, height: layout.zoomRows.count, view: view, duration: duration)
    for (offset, row) in layout.zoomRows.enumerated() { lines[row] = zoom[offset] }
    let status = statusLines(view, duration: duration)
    for (offset, line) in status.enumerated() where layout.statusRow + offset < layout.rows {
      lines[layout.statusRow + offset] = line
    }
    lines[layout.rows] = paint(
      pad(
        " Space play · a/b A/B · l loop · ←/→ skip · -/= speed · [/] pitch · u undo · ? help · q quit",
        to: layout.columns), "7")
    if view.showHelp { overlayHelp(&lines) }
    var screen = "\u{1B}[H"
    for row in 1...layout.rows {
      screen += "\u{1B}[\(row);1H\u{1B}[0m\u{1B}[2K" + lines[row]
    }
    return screen + "\u{1B}[0m"
  }

  private func statusLines(_ view: PlayerView, duration: Double) -> [String] {
    let state = view.state
    let play = view.isPlaying ? "▶ playing" : "❚❚ paused"
    let time = "\(formatTime(view.playheadSec)) / \(formatTime(duration))"
    let loop = state.loop
    let points =
      "A \(loop.aSec.map(formatTime) ?? "--:--.--")  B \(loop.bSec.map(formatTime) ?? "--:--.--")"
    let lock = state.isLocked ? paint("LOCKED", "1;31") : "unlocked"
    return [
      " \(paint(play, "1"))   \(paint(time, "1"))   speed \(paint(formatSpeed(state.transport.speed), "1;36"))"
        + "   pitch \(paint(formatPitch(state.transport.pitchSemitones), "1;35"))",
      " mode \(state.mode.rawValue)   loop \(loop.enabled ? paint("on", "1;32") : "off")   \(points)"
        + "   markers \(state.markers.count)   \(lock)",
      "",
      meter("L", level: view.levelsDB.left, hold: view.holdsDB.left, clip: view.clipping.left),
      meter("R", level: view.levelsDB.right, hold: view.holdsDB.right, clip: view.clipping.right),
      " " + paint(state.toast?.message ?? "", "1;33"),
      " \(view.deviceLine) · underruns \(view.underruns) · late \(view.lateCommands)",
    ]
  }

  private func meter(_ name: String, level: Double, hold: Double, clip: Bool) -> String {
    let width = max(10, layout.columns - 26)
    let scale = { (db: Double) in
      Int(((db - LevelMeter.floorDB) / -LevelMeter.floorDB * Double(width)).rounded())
    }
    let filled = min(width, max(0, scale(level)))
    let held = min(width - 1, max(0, scale(hold) - 1))
    var bar = ""
    for cell in 0..<width {
      if cell < filled {
        bar += paint("█", cell > width * 9 / 10 ? "31" : cell > width * 3 / 4 ? "33" : "32")
      } else if cell == held && hold > LevelMeter.floorDB {
        bar += paint("│", "1;37")
      } else {
        bar += colour ? paint("·", "2") : " "
      }
    }
    let db = Int(level.rounded())
    let clipText = clip ? paint(" CLIP", "1;41;37") : "     "
    return " \(name) \(bar) \(pad(String(db), to: 4, left: true)) dB\(clipText)"
  }

  /// `height` rows of the waveform over `span`, with the A–B region, markers and the playhead.
  private func waveform(span: ClosedRange<Double>, height: Int, view: PlayerView, duration: Double)
    -> [String]
  {
    let width = layout.waveformWidth
    let length = max(span.upperBound - span.lowerBound, 1e-9)
    let loop = view.state.loop
    let region = loop.aSec.flatMap { a in loop.bSec.map { b in min(a, b)...max(a, b) } }
    var amplitudes = [Double](repeating: 0, count: width)
    var kinds = [Character](repeating: " ", count: width)
    let playheadColumn = Int((view.playheadSec - span.lowerBound) / length * Double(width))
    for column in 0..<width {
      let start = span.lowerBound + Double(column) / Double(width) * length
      let end = span.lowerBound + Double(column + 1) / Double(width) * length
      amplitudes[column] = amplitude(from: start, to: end, duration: duration)
      if region.map({ $0.overlaps(start...end) }) ?? false { kinds[column] = "r" }
      if view.state.markers.contains(where: { $0.timeSec >= start && $0.timeSec < end }) {
        kinds[column] = "m"
      }
      if column == playheadColumn { kinds[column] = "p" }
    }
    let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    return (0..<height).map { line in
      let rowFromBottom = height - 1 - line
      var text = " "
      for column in 0..<width {
        let eighths = Int((amplitudes[column] * Double(height * 8)).rounded()) - rowFromBottom * 8
        var cell = blocks[min(8, max(0, eighths))]
        switch kinds[column] {
        case "p":
          text += paint("┃", "1;91")
          continue
        case "m" where cell == " ":
          cell = colour ? "│" : "|"
          text += paint(String(cell), "33")
          continue
        case "r":
          text += colour ? paint(String(cell), "36;44") : String(cell == " " ? "░" : cell)
          continue
        default:
          text += paint(String(cell), "36")
        }
      }
      return text
    }
  }

  /// The largest absolute sample in the peak buckets covering `start..<end` seconds.
  private func amplitude(from start: Double, to end: Double, duration: Double) -> Double {
    guard peaks.buckets > 0, duration > 0 else { return 0 }
    let first = max(0, Int(start / duration * Double(peaks.buckets)))
    let last = min(peaks.buckets - 1, max(first, Int(end / duration * Double(peaks.buckets))))
    guard first <= last else { return 0 }
    var peak: Float = 0
    for bucket in first...last { peak = max(peak, -peaks.min[bucket], peaks.max[bucket]) }
    return min(1, Double(peak))
  }

  private func overlayHelp(_ lines: inout [String]) {
    let entries = PlayerBindings.help
    let top = max(2, (layout.rows - entries.count - 2) / 2)
    let width = min(layout.columns - 4, 60)
    let left = String(repeating: " ", count: max(0, (layout.columns - width) / 2))
    lines[top] = left + paint(pad(" Keys (? closes)", to: width), "1;7")
    for (offset, entry) in entries.enumerated() where top + 1 + offset < layout.rows {
      lines[top + 1 + offset] =
        left + paint(pad(" \(pad(entry.keys, to: 14)) \(entry.what)", to: width), "7")
    }
  }

  private func paint(_ text: String, _ sgr: String) -> String {
    colour && !text.isEmpty ? "\u{1B}[\(sgr)m\(text)\u{1B}[0m" : text
  }

  private func pad(_ text: String, to width: Int, left: Bool = false) -> String {
    let count = text.count
    if count >= width { return String(text.prefix(max(0, width))) }
    let spaces = String(repeating: " ", count: width - count)
    return left ? spaces + text : text + spaces
  }
}
