import Sharp9Audio
import Sharp9Domain
import Testing

@testable import Sharp9App
@testable import Sharp9Player

/// The player's screen as text: every size from 80×24 up fits, and what the status rows say.
@Suite struct PlayerScreenTests {
  static func view(playheadSec: Double = 0, state: State = State()) -> PlayerView {
    PlayerView(
      state: state, playheadSec: playheadSec, isPlaying: false, fileName: "etude.wav",
      sessionID: "0123456789abcdef", deviceLine: "pulse", levelsDB: (-60, -60),
      holdsDB: (-60, -60), clipping: (false, false), underruns: 0, lateCommands: 0,
      showHelp: false)
  }

  let peaks = WaveformPeaks(
    min: [Float](repeating: -0.25, count: 64), max: [Float](repeating: 0.25, count: 64),
    buckets: 64, durationSec: 20)

  func screen(_ columns: Int, _ rows: Int, colour: Bool = true) -> PlayerScreen {
    PlayerScreen(layout: PlayerLayout(columns: columns, rows: rows), peaks: peaks, colour: colour)
  }

  @Test(arguments: [(80, 24), (100, 30), (132, 50)])
  func everyRowFitsTheWidth(size: (Int, Int)) {
    let lines = screen(size.0, size.1).draw(Self.view())
    #expect(lines.count == size.1)
    for line in lines { #expect(line.text.count <= size.0) }
    #expect(lines.last?.text.hasPrefix(" Space play") == true)
  }

  @Test func statusRowsSayTimeSpeedPitchLoopAndLock() {
    var state = State(track: TrackMeta(name: "etude.wav", durationSec: 20))
    state.transport.speed = 0.75
    state.transport.pitchSemitones = -2
    state.loop = LoopPoints(aSec: 1, bSec: 3, enabled: true)
    state.isLocked = true
    let text = screen(80, 24).draw(Self.view(playheadSec: 2.5, state: state)).map(\.text)
    #expect(text.contains(" ❚❚ paused   00:02.50 / 00:20.00   speed 0.75 x   pitch -2.00 st"))
    #expect(
      text.contains(
        " mode loop   loop on   A 00:01.00  B 00:03.00   markers 0   LOCKED"))
  }

  @Test func theRhythmRowAndTheBeatTicks() throws {
    var state = State(track: TrackMeta(name: "etude.wav", durationSec: 20))
    state.rhythm.detected = BeatGrid.constant(tempo: 120, anchorSec: 0, durationSec: 20)
    state.rhythm.clicks = Clicks(metronomeOn: true, level: 0.4, countInBeats: 4)
    state.rhythm.snap = .beats
    let text = screen(80, 24).draw(Self.view(playheadSec: 2.5, state: state)).map(\.text)
    #expect(
      text.contains(" tempo 120.0 BPM   metronome on 40 %   count-in 4   snap beats"))
    let ruler = try #require(text.first { $0.hasPrefix(" zoom ") })
    // An 8 s zoom window at 120 BPM: 16 beats, every fourth a bar; some hidden by the label.
    #expect(ruler.filter { $0 == "|" }.count >= 2)
    #expect(ruler.filter { $0 == "'" }.count >= 6)
    let none = screen(80, 24).draw(Self.view(state: State())).map(\.text)
    #expect(none.contains(" tempo --   metronome off   count-in off   snap off"))
  }

  /// The help's two columns fit 80×24 and show every key.
  @Test func theHelpShowsEveryKeyAt80By24() {
    var view = Self.view()
    view.showHelp = true
    let text = screen(80, 24).draw(view).map(\.text).joined(separator: "\n")
    for entry in PlayerBindings.help { #expect(text.contains(entry.what), "\(entry.keys)") }
  }

  @Test func withoutColourTheRegionIsShadedWithCharacters() {
    var state = State(track: TrackMeta(name: "etude.wav", durationSec: 20))
    state.loop = LoopPoints(aSec: 5, bSec: 10, enabled: true)
    let plain = screen(80, 24, colour: false).draw(Self.view(state: state))
    let coloured = screen(80, 24, colour: true).draw(Self.view(state: state))
    #expect(plain[1].text.contains("░"))
    #expect(!coloured[1].text.contains("░"))
    #expect(coloured[1].spans.contains { $0.style == .region })
  }

  /// While recording is armed the input's two meters follow the device line, their bars ending
  /// in the output meters' column; nothing else moves.
  @Test(arguments: [(80, 24), (100, 30)])
  func theInputMetersShowWhileArmed(size: (Int, Int)) throws {
    let hidden = screen(size.0, size.1).draw(Self.view()).map(\.text)
    var view = Self.view()
    view.inputMeters = (
      MeterReading(levelDB: -12, holdDB: -6, clipping: false),
      MeterReading(levelDB: -0.5, holdDB: -0.5, clipping: true)
    )
    let shown = screen(size.0, size.1).draw(view).map(\.text)
    #expect(!hidden.contains { $0.hasPrefix(" in ") })
    let device = try #require(shown.firstIndex { $0.hasPrefix(" pulse") })
    #expect(shown[device + 1].hasPrefix(" in L ") && shown[device + 1].hasSuffix(" -12 dB     "))
    #expect(shown[device + 2].hasPrefix(" in R ") && shown[device + 2].hasSuffix("  -1 dB CLIP"))
    #expect(
      Array(shown[..<device]) + Array(shown[(device + 3)...]) == Array(hidden[..<device])
        + Array(hidden[(device + 3)...]))
    let output = try #require(shown.first { $0.hasPrefix(" L ") })
    #expect(output.count == shown[device + 1].count, "the bars end in one column")
    for line in shown { #expect(line.count <= size.0) }
  }
}
