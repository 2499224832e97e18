import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Words

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
  /// The input's meters, shown while recording is armed (nil: not shown).
  var inputMeters: (left: MeterReading, right: MeterReading)?
  var underruns: Int
  var lateCommands: Int
  var showHelp: Bool
  /// Loop passes completed since the count last restarted (the engine's count).
  var completedPasses = 0
  /// The typing line's text while it is open.
  var prompt: String?
  /// Why the last typed line did nothing.
  var notice: String?
}

/// What one meter shows at a moment: its level, its held peak and its clip light.
struct MeterReading: Equatable {
  var levelDB: Double
  var holdDB: Double
  var clipping: Bool

  init(levelDB: Double, holdDB: Double, clipping: Bool) {
    self.levelDB = levelDB
    self.holdDB = holdDB
    self.clipping = clipping
  }

  /// What `meter` shows at `nowSec`.
  init(_ meter: LevelMeter, atSec nowSec: Double) {
    self.init(
      levelDB: meter.levelDB, holdDB: meter.holdDB, clipping: meter.isClipping(atSec: nowSec))
  }
}

/// Lays out the player's screen as styled rows (what is where, in which style); the terminal
/// puts them on the screen, in colour or with attributes alone.
struct PlayerScreen {
  let layout: PlayerLayout
  let peaks: WaveformPeaks
  /// Whether the terminal shows colour: without it, markers, the A–B region and the meters'
  /// empty cells use characters that stand out by themselves.
  let colour: Bool

  /// The rows of the screen for `view`, top to bottom (`layout.rows` of them).
  func draw(_ view: PlayerView) -> [ScreenLine] {
    var lines = [ScreenLine](repeating: ScreenLine(), count: layout.rows + 1)
    let duration = view.state.track?.durationSec ?? peaks.durationSec
    let section = view.state.sections.last { $0.timeSec <= view.playheadSec }
    let title = " sharp9 play · \(view.fileName)" + (section.map { " · § \($0.name)" } ?? "")
    let session = "session \(view.sessionID.prefix(8)) "
    lines[1] = ScreenLine(pad(title, to: layout.columns - session.count) + session, .strong)
    let overview = waveform(
      span: 0...duration, height: layout.overviewRows.count, view: view, duration: duration)
    for (offset, row) in layout.overviewRows.enumerated() { lines[row] = overview[offset] }
    let window = PlayerLayout.zoomWindow(playheadSec: view.playheadSec, durationSec: duration)
    lines[layout.overviewRows.upperBound + 1] = ruler(
      " zoom \(formatTime(window.lowerBound)) – \(formatTime(window.upperBound)) ", over: window,
      grid: view.state.beatGrid)
    let zoom = waveform(span: window, height: layout.zoomRows.count, view: view, duration: duration)
    for (offset, row) in layout.zoomRows.enumerated() { lines[row] = zoom[offset] }
    let status = statusLines(view, duration: duration)
    for (offset, line) in status.enumerated() where layout.statusRow + offset < layout.rows {
      lines[layout.statusRow + offset] = line
    }
    let bottom =
      view.prompt.map { " :\($0)▌   Return sends · Esc closes" } ?? view.notice.map { " " + $0 }
      ?? " Space play · a/b A/B · l loop · ←/→ skip · -/= speed · [/] pitch · u undo · ? help · q quit"
    lines[layout.rows] = ScreenLine(pad(bottom, to: layout.columns), .inverse)
    if view.showHelp { overlayHelp(&lines) }
    return Array(lines.dropFirst())
  }

  private func statusLines(_ view: PlayerView, duration: Double) -> [ScreenLine] {
    let state = view.state
    let loop = state.loop
    let points =
      "A \(loop.aSec.map(formatTime) ?? "--:--.--")  B \(loop.bSec.map(formatTime) ?? "--:--.--")"
    var transport = ScreenLine(" ")
    transport.add(view.isPlaying ? "▶ playing" : "❚❚ paused", .strong)
    transport.add("   ")
    transport.add("\(formatTime(view.playheadSec)) / \(formatTime(duration))", .strong)
    transport.add("   speed ")
    transport.add(formatSpeed(state.transport.speed), .speed)
    transport.add("   pitch ")
    transport.add(formatPitch(state.transport.pitchSemitones), .pitch)
    var modes = ScreenLine(" mode \(state.mode.rawValue)   loop ")
    modes.add(loop.enabled ? "on" : "off", loop.enabled ? .on : .plain)
    modes.add("   \(points)   markers \(state.markers.count)   ")
    modes.add(state.isLocked ? "LOCKED" : "unlocked", state.isLocked ? .alarm : .plain)
    var rhythm = ScreenLine(" tempo ")
    rhythm.add(PracticeStatusText.tempo(state))
    let clicks = state.rhythm.clicks
    rhythm.add("   metronome ")
    rhythm.add(PracticeStatusText.metronome(clicks), clicks.metronomeOn ? .on : .plain)
    rhythm.add(
      "   count-in \(PracticeStatusText.countIn(clicks))   snap \(state.rhythm.snap.rawValue)")
    var toast = ScreenLine(" ")
    toast.add(state.toast?.message ?? "", .toast)
    return [
      transport,
      modes,
      practiceLine(view),
      rhythm,
      meter("L", level: view.levelsDB.left, hold: view.holdsDB.left, clip: view.clipping.left),
      meter("R", level: view.levelsDB.right, hold: view.holdsDB.right, clip: view.clipping.right),
      toast,
      ScreenLine(" \(view.deviceLine) · underruns \(view.underruns) · late \(view.lateCommands)"),
    ] + inputMeterLines(view)
  }

  /// The input's two meters under the device line (which says recording is armed), or none.
  /// Last, so that arming moves nothing else on the screen.
  private func inputMeterLines(_ view: PlayerView) -> [ScreenLine] {
    guard let input = view.inputMeters else { return [] }
    return [("in L", input.left), ("in R", input.right)].map { name, reading in
      meter(name, level: reading.levelDB, hold: reading.holdDB, clip: reading.clipping)
    }
  }

  /// The loop practice's and the takes' line, or an empty one with neither.
  private func practiceLine(_ view: PlayerView) -> ScreenLine {
    let parts = [
      PracticeStatusText.loopPractice(
        view.state.loopPractice, completedPasses: view.completedPasses),
      PracticeStatusText.listening(view.state.recording),
    ].compactMap { $0 }
    return parts.isEmpty ? ScreenLine() : ScreenLine(" " + parts.joined(separator: " · "), .faint)
  }

  /// The zoom line: its label, then the grid's beats as ticks under the zoomed waveform's
  /// columns (`'` a beat, `|` a bar start).
  private func ruler(_ label: String, over span: ClosedRange<Double>, grid: BeatGrid?)
    -> ScreenLine
  {
    let width = layout.waveformWidth
    var cells = [Character](repeating: " ", count: width)
    let length = max(span.upperBound - span.lowerBound, 1e-9)
    if let grid {
      let bars = Set(grid.downbeats)
      for beat in grid.beats where span.contains(beat) {
        let column = min(width - 1, Int((beat - span.lowerBound) / length * Double(width)))
        if cells[column] != "|" { cells[column] = bars.contains(beat) ? "|" : "'" }
      }
    }
    // The label first (the line starts one column left of the waveform), ticks after it.
    let text = Array(label)
    for index in 0..<min(text.count, width + 1) where index > 0 { cells[index - 1] = text[index] }
    return ScreenLine(String(text.first ?? " ") + String(cells), .faint)
  }

  private func meter(_ name: String, level: Double, hold: Double, clip: Bool) -> ScreenLine {
    // The bars end in one column: a longer name starts its bar later.
    let width = max(10, layout.columns - 25 - name.count)
    let scale = { (db: Double) in
      Int(((db - LevelMeter.floorDB) / -LevelMeter.floorDB * Double(width)).rounded())
    }
    let filled = min(width, max(0, scale(level)))
    let held = min(width - 1, max(0, scale(hold) - 1))
    var line = ScreenLine(" \(name) ")
    for cell in 0..<width {
      if cell < filled {
        line.add(
          "█", cell > width * 9 / 10 ? .meterHigh : cell > width * 3 / 4 ? .meterMid : .meterLow)
      } else if cell == held && hold > LevelMeter.floorDB {
        line.add("│", .hold)
      } else {
        line.add(colour ? "·" : " ", .faint)
      }
    }
    line.add(" \(pad(String(Int(level.rounded())), to: 4, left: true)) dB")
    line.add(clip ? " CLIP" : "     ", clip ? .clip : .plain)
    return line
  }

  /// `height` rows of the waveform over `span`, with the A–B region, markers and the playhead.
  private func waveform(span: ClosedRange<Double>, height: Int, view: PlayerView, duration: Double)
    -> [ScreenLine]
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
      var text = ScreenLine(" ")
      for column in 0..<width {
        let eighths = Int((amplitudes[column] * Double(height * 8)).rounded()) - rowFromBottom * 8
        let cell = blocks[min(8, max(0, eighths))]
        switch kinds[column] {
        case "p": text.add("┃", .playhead)
        case "m" where cell == " ": text.add(colour ? "│" : "|", .marker)
        case "r": text.add(colour || cell != " " ? String(cell) : "░", .region)
        default: text.add(String(cell), .wave)
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

  /// The keys in two columns (the list is longer than a 24-row screen is high).
  private func overlayHelp(_ lines: inout [ScreenLine]) {
    let entries = PlayerBindings.help
    let rows = (entries.count + 1) / 2
    let top = max(1, (layout.rows - rows - 1) / 2)
    let width = min(layout.columns - 2, 78)
    let column = width / 2
    let left = String(repeating: " ", count: max(0, (layout.columns - width) / 2))
    lines[top] = ScreenLine(left)
    lines[top].add(pad(" Keys (? closes)", to: width), .inverseStrong)
    for row in 0..<rows where top + 1 + row < layout.rows {
      var text = ""
      for index in [row, row + rows] where index < entries.count {
        let entry = entries[index]
        text += pad(" \(pad(entry.keys, to: 10)) \(entry.what)", to: column)
      }
      lines[top + 1 + row] = ScreenLine(left)
      lines[top + 1 + row].add(pad(text, to: width), .inverse)
    }
  }

  private func pad(_ text: String, to width: Int, left: Bool = false) -> String {
    let count = text.count
    if count >= width { return String(text.prefix(max(0, width))) }
    let spaces = String(repeating: " ", count: width - count)
    return left ? spaces + text : text + spaces
  }
}
