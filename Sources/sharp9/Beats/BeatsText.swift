import Sharp9Audio
import Sharp9Domain

/// The human form of `sharp9 beats`: a header, the tempo and counts, then the first bars, one
/// line each with its beats' times, so a player can check the grid against the recording.
///
/// ```
/// take.wav: 00:30.00, 2 ch, 44100 Hz, WAV (Microsoft), Signed 16 bit PCM
/// 120.00 BPM (median beat interval), 59 beats, 14 bars of 4/4
///    bar  beats
/// pickup  00:00.37  00:00.87  00:01.37
///      1  00:01.87  00:02.37  00:02.87  00:03.37
/// ```
struct BeatsText {
  /// Bars listed; the rest are counted.
  static let shownBars = 8

  var name: String
  var format: AudioFormat
  var grid: BeatGrid

  var rendered: String {
    var lines = [
      "\(name): \(formatTime(format.durationSec)), \(format.channels) ch, \(format.sampleRate) Hz, "
        + "\(format.container), \(format.encoding)"
    ]
    guard let tempo = grid.tempo else {
      lines.append(
        "no beat found: the file is silent, holds one sound, or its onsets are not regular")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append(
      "\(Self.bpm(tempo)) BPM (median beat interval), \(grid.beats.count) beats, "
        + "\(grid.downbeats.count) bars of 4/4")
    lines.append("   bar  beats")
    let bars = self.bars
    for (label, beats) in bars.prefix(Self.shownBars) {
      let times = beats.map(formatTime).joined(separator: "  ")
      lines.append(String(repeating: " ", count: max(0, 6 - label.count)) + label + "  " + times)
    }
    let hidden = bars.count - min(bars.count, Self.shownBars)
    if hidden > 0 {
      lines.append("\(hidden) more bar\(hidden == 1 ? "" : "s"); --json lists every beat")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The beats grouped by bar: the beats before the first downbeat as `pickup`, then bar 1, 2…
  private var bars: [(label: String, beats: [Double])] {
    var bars: [(label: String, beats: [Double])] = []
    let starts = Set(grid.downbeats)
    for beat in grid.beats {
      if starts.contains(beat) || bars.isEmpty {
        let number = bars.filter { $0.label != "pickup" }.count + 1
        bars.append((starts.contains(beat) ? String(number) : "pickup", []))
      }
      bars[bars.count - 1].beats.append(beat)
    }
    return bars
  }

  /// `130.84`: two decimals, locale-free.
  static func bpm(_ tempo: Double) -> String {
    let hundredths = Int64((tempo * 100).rounded())
    let fraction = String(hundredths % 100)
    return String(hundredths / 100) + "." + String(repeating: "0", count: 2 - fraction.count)
      + fraction
  }

  /// `grid` with every number rounded to 3 decimals: what `--json` prints.
  static func rounded(_ grid: BeatGrid) -> BeatGrid {
    func milli(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    return BeatGrid(
      tempo: grid.tempo.map(milli), beats: grid.beats.map(milli),
      downbeats: grid.downbeats.map(milli))
  }
}
