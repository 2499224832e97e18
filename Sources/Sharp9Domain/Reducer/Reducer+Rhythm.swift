import Foundation

/// The beat grid and what hangs on it: the analysed grid arriving, tap tempo, a typed tempo, a
/// shift, the metronome and count-in, and A/B moved by beats or snapped to the grid. Every
/// refusal changes nothing and says why in a toast.
extension Reducer {
  /// The clicks as the engine needs them: the settings with the grid's tempo as seconds per
  /// beat (0 without a tempo: no count-in), and the metronome's level 0 while it is off.
  public static func clickSettings(_ state: State) -> ClickSettings {
    let clicks = state.rhythm.clicks
    return ClickSettings(
      metronomeLevel: clicks.metronomeOn ? clicks.level : 0, countInLevel: clicks.level,
      countInBeats: clicks.countInBeats, countInEveryPass: clicks.countInEveryPass,
      beatSec: state.tempo.map { 60 / $0 } ?? 0)
  }

  /// The effects that give the engine the grid and the clicks that depend on its tempo.
  static func gridEffects(_ state: State) -> [Effect] {
    [.engineSetBeatGrid(state.beatGrid), .engineSetClicks(clickSettings(state))]
  }

  /// The analysis's grid for the loaded track; one that could not come from the analysis
  /// (``BeatGrid/isValid(durationSec:)``) is ignored. Not an edit: the musician did not make it.
  static func detectBeatGrid(_ grid: BeatGrid, _ state: inout State) -> [Effect] {
    guard let track = state.track, grid.isValid(durationSec: track.durationSec) else { return [] }
    state.rhythm.detected = grid
    state.rhythm.edit = GridEdit()
    state.rhythm.taps = []
    return gridEffects(state)
  }

  /// One tap of tap tempo at the action's time. Taps more than ``PracticeRules/tapGapSec``
  /// apart start a new count; from ``PracticeRules/tapsForTempo`` taps on, the grid becomes
  /// constant at their average tempo (in source time: the wall interval times the speed), with a
  /// bar starting at the playhead as the state knows it (its last tick).
  static func tapTempo(_ state: inout State, _ context: ActionContext) -> [Effect] {
    guard state.hasTrack else { return [] }
    if let last = state.rhythm.taps.last {
      let gap = context.now.timeIntervalSince(last)
      if gap <= 0 || gap > PracticeRules.tapGapSec { state.rhythm.taps = [] }
    }
    state.rhythm.taps.append(context.now)
    state.rhythm.taps.removeFirst(max(0, state.rhythm.taps.count - PracticeRules.tapCount))
    let taps = state.rhythm.taps
    guard taps.count >= PracticeRules.tapsForTempo, let first = taps.first, let last = taps.last
    else {
      showToast("Tap \(taps.count)", in: &state, context)
      return []
    }
    let beatWallSec = last.timeIntervalSince(first) / Double(taps.count - 1)
    let tempo = 60 / (beatWallSec * state.transport.speed)
    guard PracticeRules.tempoRange.contains(tempo) else {
      showToast(tempoRule, in: &state, context)
      return []
    }
    return setGrid(
      GridEdit(tempo: tempo, anchorSec: state.transport.currentTimeSec), &state, context)
  }

  /// A typed tempo: the grid becomes constant at `bpm`, keeping the first bar start of the grid
  /// it replaces (0 without one).
  static func typeTempo(_ bpm: Double, _ state: inout State, _ context: ActionContext) -> [Effect] {
    guard state.hasTrack else { return [] }
    guard bpm.isFinite, PracticeRules.tempoRange.contains(bpm) else {
      showToast(tempoRule, in: &state, context)
      return []
    }
    let grid = state.beatGrid
    let anchor = grid?.downbeats.first ?? grid?.beats.first ?? 0
    return setGrid(GridEdit(tempo: bpm, anchorSec: anchor), &state, context)
  }

  /// Moves every beat by `seconds`, at most ``PracticeRules/gridShiftLimitSec`` either way.
  static func shiftGrid(_ seconds: Double, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.hasTrack, beatGrid(&state, context) != nil else { return [] }
    let limit = PracticeRules.gridShiftLimitSec
    guard seconds.isFinite, abs(seconds) <= limit else {
      showToast("Shift the grid by at most \(formatSeconds(limit))", in: &state, context)
      return []
    }
    guard seconds != 0 else { return [] }
    var edit = state.rhythm.edit
    edit.shiftSec += seconds
    return setGrid(
      edit, &state, context,
      toast: "Grid \(seconds > 0 ? "later" : "earlier") \(formatSeconds(seconds))")
  }

  /// The metronome switch and level (within ``PracticeRules/clickLevelRange``, kept to 0.01).
  static func setMetronome(
    enabled: Bool, level: Double, _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard level.isFinite, PracticeRules.clickLevelRange.contains(level) else {
      let range = PracticeRules.clickLevelRange
      showToast(
        "Click level must be \(range.lowerBound.formatted()) to \(range.upperBound.formatted())",
        in: &state, context)
      return []
    }
    var clicks = state.rhythm.clicks
    clicks.metronomeOn = enabled
    clicks.level = (level * 100).rounded() / 100
    guard clicks != state.rhythm.clicks else { return [] }
    state.rhythm.clicks = clicks
    let percent = Int((clicks.level * 100).rounded())
    showToast(enabled ? "Metronome \(percent) %" : "Metronome off", in: &state, context)
    return [.engineSetClicks(clickSettings(state))]
  }

  /// The count-in: `beats` within ``PracticeRules/countInBeatsRange`` (0: none), before
  /// playback starts, and before every loop pass when `everyPass`.
  static func setCountIn(
    beats: Int, everyPass: Bool, _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    let range = PracticeRules.countInBeatsRange
    guard range.contains(beats) else {
      showToast(
        "Count in \(range.lowerBound) to \(range.upperBound) beats", in: &state, context)
      return []
    }
    var clicks = state.rhythm.clicks
    clicks.countInBeats = beats
    clicks.countInEveryPass = everyPass
    guard clicks != state.rhythm.clicks else { return [] }
    state.rhythm.clicks = clicks
    let message =
      beats == 0
      ? "No count-in" : "Count-in \(beats) beats" + (everyPass ? ", every pass" : "")
    showToast(message, in: &state, context)
    return [.engineSetClicks(clickSettings(state))]
  }

  /// Moves a set A or B by whole beats (see ``BeatGrid/beat(_:from:)``), under the nudge's
  /// rules (never crossing the other point).
  static func nudgeLoopPointByBeats(
    _ point: WritableKeyPath<LoopPoints, Double?>, by beats: Int, in state: inout State,
    _ context: ActionContext
  ) -> [Effect] {
    guard let current = state.loop[keyPath: point], beats != 0,
      let grid = beatGrid(&state, context)
    else { return [] }
    guard let target = grid.beat(beats, from: current) else {
      showToast("No beat there", in: &state, context)
      return []
    }
    return moveLoopPoint(point, to: target, in: &state, context)
  }

  /// Where loop points set from now on land.
  static func setSnap(_ snap: SnapMode, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard snap != state.rhythm.snap else { return [] }
    state.rhythm.snap = snap
    let message =
      switch snap {
      case .off: "Snap off"
      case .beats: "Snap to beats"
      case .bars: "Snap to bars"
      }
    showToast(message, in: &state, context)
    return []
  }

  /// `timeSec` on the nearest beat or bar start when snapping is on and the grid has one.
  static func snapped(_ timeSec: Double, _ state: State) -> Double {
    guard state.rhythm.snap != .off, let grid = state.beatGrid else { return timeSec }
    return grid.nearest(to: timeSec, bars: state.rhythm.snap == .bars) ?? timeSec
  }

  private static let tempoRule =
    "Tempo must be \(Int(PracticeRules.tempoRange.lowerBound)) to "
    + "\(Int(PracticeRules.tempoRange.upperBound)) BPM"

  /// The grid, when it has beats; else nil with the toast that says how to make one.
  private static func beatGrid(_ state: inout State, _ context: ActionContext) -> BeatGrid? {
    guard let grid = state.beatGrid, !grid.beats.isEmpty else {
      showToast("No beat grid: tap the tempo", in: &state, context)
      return nil
    }
    return grid
  }

  /// Makes `edit` the grid's correction, says the tempo (or `toast`), and tells the engine.
  private static func setGrid(
    _ edit: GridEdit, _ state: inout State, _ context: ActionContext, toast: String? = nil
  ) -> [Effect] {
    state.rhythm.edit = edit
    let tempo = state.tempo.map { $0.formatted(.number.precision(.fractionLength(1))) } ?? "?"
    showToast(toast ?? "Tempo \(tempo) BPM", in: &state, context)
    return gridEffects(state)
  }

  private static func formatSeconds(_ seconds: Double) -> String {
    abs(seconds).formatted(.number.precision(.fractionLength(0...3))) + " s"
  }
}
