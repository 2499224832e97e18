import Foundation

/// The one random-action generator: an action of any kind, with values drawn from a seeded
/// ``SplitMix64`` to fit the state it will be reduced into. `sharp9 fuzz` (through
/// ``SessionFuzzer``), the property tests and the store tests all draw from it.
///
/// ``next(_:in:now:)`` is one exhaustive `switch` over ``Action/Kind``, so adding an action is a
/// compile error here until the generator can make it; undo and redo are kinds like any other.
/// Randomness comes in with the generator value: the same seed gives the same actions on every
/// run and machine.
///
/// ```swift
/// var actions = RandomActions(random: SplitMix64(seed: 7))
/// let action = actions.next(in: state, now: startedAt.addingTimeInterval(t))
/// ```
public struct RandomActions: Sendable {
  /// How far values stray from what a UI would send.
  public enum Values: Sendable {
    /// What an app sends, with the odd value a little outside the track or off the button grid.
    case plausible
    /// Also negative, huge and non-finite numbers, for rules that must hold whatever arrives.
    case hostile
  }

  /// The generator every choice draws from (callers draw their own choices from it too, so one
  /// seed fixes a whole run).
  public var random: SplitMix64
  /// How wild the numbers are.
  public let values: Values

  /// Creates a generator.
  public init(random: SplitMix64, values: Values = .plausible) {
    self.random = random
    self.values = values
  }

  /// An action of a kind chosen uniformly among every kind.
  public mutating func next(in state: State, now: Date) -> Action {
    next(pick(Action.Kind.allCases), in: state, now: now)
  }

  /// An action of `kind` with values fitting `state`; `now` is the session clock, which the
  /// toast timer may name.
  public mutating func next(_ kind: Action.Kind, in state: State, now: Date) -> Action {
    switch kind {
    case .onAppear: .onAppear
    case .importPicked: .importPicked(url: URL(fileURLWithPath: "/music/\(trackName())"))
    case .importSucceeded:
      .importSucceeded(track: TrackMeta(name: trackName(), durationSec: duration()))
    case .importFailed: .importFailed(message: "unsupported format")
    case .setMode: .setMode(pick(Mode.allCases))
    case .tapWaveform: .tapWaveform(timeSec: trackTime(in: state))
    case .dragScrub: .dragScrub(timeSec: trackTime(in: state))
    case .togglePlay: .togglePlay
    case .tick: .tick(currentTimeSec: wild() ?? nextTick(in: state))
    case .speedDelta: .speedDelta(delta(step: 0.05, offGrid: 0.013))
    case .pitchDelta: .pitchDelta(delta(step: 1, offGrid: 0.5))
    case .addMarker: .addMarker(timeSec: trackTime(in: state))
    case .deleteMarker: .deleteMarker(id: markerID(in: state))
    case .toggleLoopEnabled: .toggleLoopEnabled(!state.loop.enabled || chance(20))
    case .setA: .setA(timeSec: trackTime(in: state))
    case .setB: .setB(timeSec: trackTime(in: state))
    case .clearToastIfExpired: .clearToastIfExpired(now: chance(30) ? now : nil)
    case .skip: .skip(seconds: wild() ?? pick([-5, 5, -5, 5, 12.5]))
    case .abCycle: .abCycle
    case .cycleSpeed: .cycleSpeed
    case .markNow: .markNow
    case .setLocked: .setLocked(chance(75) ? !state.isLocked : state.isLocked)
    case .seekToStart: .seekToStart
    case .seekToEnd: .seekToEnd
    case .undo: .undo
    case .redo: .redo
    case .setSpeed: .setSpeed(wild() ?? typed(in: 0.2...2.1))
    case .setPitch: .setPitch(semitones: wild() ?? typed(in: -13...13))
    case .nudgeA: .nudgeA(seconds: delta(step: PracticeRules.nudgeSeconds, offGrid: 0.5))
    case .nudgeB: .nudgeB(seconds: delta(step: PracticeRules.nudgeSeconds, offGrid: 0.5))
    case .saveLoop: .saveLoop(name: loopName())
    case .recallLoop: .recallLoop(number: loopNumber(in: state))
    case .renameSavedLoop:
      .renameSavedLoop(number: loopNumber(in: state), name: loopName())
    case .deleteSavedLoop: .deleteSavedLoop(number: loopNumber(in: state))
    case .savedLoopsRestored: .savedLoopsRestored(songLoops(in: state))
    case .setLoopPasses:
      .setLoopPasses(chance(20) ? nil : pick([1, 2, 4, 8, 0, -1, 100, Int.max]))
    case .setSpeedTrainer: .setSpeedTrainer(chance(20) ? nil : speedTrainer())
    case .loopPassesCompleted: .loopPassesCompleted(wallSec: now.timeIntervalSince1970)
    case .playedToEnd: .playedToEnd(wallSec: now.timeIntervalSince1970)
    case .trainerStepped:
      .trainerStepped(speed: wild() ?? typed(in: 0.2...2.1), wallSec: now.timeIntervalSince1970)
    case .beatGridDetected: .beatGridDetected(analysedGrid(in: state))
    case .tapTempo: .tapTempo
    case .setTempo: .setTempo(bpm: wild() ?? typed(in: 10...320))
    case .shiftGrid:
      .shiftGrid(
        seconds: chance(5)
          ? pick([-3, 3]) : delta(step: PracticeRules.gridShiftStep, offGrid: 0.25))
    case .setMetronome:
      .setMetronome(enabled: chance(60), level: wild() ?? typed(in: -0.1...1.1))
    case .setCountIn:
      .setCountIn(beats: pick([0, 4, 4, 8, 1, -1, 17]), everyPass: chance(40))
    case .nudgeABeats: .nudgeABeats(pick([1, -1, 1, -1, 4, 0, Int.max]))
    case .nudgeBBeats: .nudgeBBeats(pick([1, -1, 1, -1, 4, 0, Int.min]))
    case .setSnap: .setSnap(pick(SnapMode.allCases))
    case .setRecordingArmed: .setRecordingArmed(chance(75) != state.recording.isArmed)
    case .takeRecorded: .takeRecorded(takeRecording(in: state))
    case .deleteTake: .deleteTake(id: takeID(in: state))
    case .listenToTake: .listenToTake(id: takeID(in: state))
    case .listenToSong: .listenToSong
    case .setTakeBalance:
      .setTakeBalance(wild() ?? pick([-1, -0.75, -0.25, 0, 0.25, 0.5, 1, 1.5, -3]))
    case .nameSection: .nameSection(timeSec: markerOrTrackTime(in: state), name: loopName())
    case .sectionsRestored: .sectionsRestored(songSections(in: state))
    case .loopSection: .loopSection(number: sectionNumber(in: state))
    case .songSettingsRestored: .songSettingsRestored(songSettings(in: state))
    case .overviewTapped: .overviewTapped(timeSec: trackTime(in: state))
    }
  }

  /// A take as the engine reports it: mostly a pass of a few seconds after the last one,
  /// sometimes one the reducer must refuse (no span, a bad hash, no input name, a speed or pitch
  /// out of range, speed changes out of order or outside the take).
  private mutating func takeRecording(in state: State) -> TakeRecording {
    let start =
      (state.recording.takes.last?.recording.endFrame ?? 0)
      + Int64.random(in: 0...44_100, using: &random)
    let length = chance(5) ? pick([0, -1]) : Int64.random(in: 4_410...441_000, using: &random)
    let hash = (0..<64).map { _ in pick(Array("0123456789abcdef")) }
    let playedAt =
      chance(30)
      ? nil
      : SpeedAndPitch(
        speed: pick([1, 0.5, 0.75, 2, 0.1, 3]), pitchSemitones: pick([0, 2, -12, 13]))
    return TakeRecording(
      startFrame: start, endFrame: start + length, pass: chance(30) ? nil : pick([1, 2, 3, 0]),
      input: chance(5) ? "" : "pulse", sha256: chance(5) ? "not a hash" : String(hash),
      dropouts: chance(10) ? pick([1, 3, -1]) : 0,
      latencyFrames: chance(50) ? 0 : pick([1_536, 441, -5, 1 << 40]),
      playedAt: playedAt, playedAtChanges: chance(70) ? [] : playedAtChanges(length: length))
  }

  /// One to three speed or pitch changes inside a take `length` frames long, in order; now and
  /// then one out of order, outside the take or changing nothing.
  private mutating func playedAtChanges(length: Int64) -> [PlayedAtChange] {
    var frame: Int64 = 0
    var changes: [PlayedAtChange] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      frame +=
        chance(5) ? pick([0, length]) : Int64.random(in: 1...max(1, length / 4), using: &random)
      changes.append(
        PlayedAtChange(
          frame: frame,
          playedAt: SpeedAndPitch(
            speed: pick([0.55, 0.6, 0.8, 1.25, 0.1]), pitchSemitones: pick([0, 1, -3, 13]))))
    }
    return changes
  }

  /// A kept take's id, or sometimes one that names no take.
  private mutating func takeID(in state: State) -> UUID {
    if !state.recording.takes.isEmpty, chance(90) { return pick(state.recording.takes).id }
    let unknown = UUID(uuid: (0xDE, 0xAD, 0, 0, 0, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
    return ActionContext.derivedID(
      session: unknown, sequence: Int64.random(in: 1...1_000_000, using: &random))
  }

  /// A speed trainer plan: mostly one a musician would set, sometimes one that never reaches
  /// its target, steps by nothing or counts no passes (the reducer must refuse those).
  private mutating func speedTrainer() -> SpeedTrainer {
    let start = pick([0.5, 0.6, 0.75, 1.0])
    let target = pick([1.0, 0.8, 1.2, start])
    let step = wild() ?? pick([0.05, 0.02, 0.1, -0.05, 0, 0.3])
    return SpeedTrainer(
      startSpeed: start, step: step, everyPasses: pick([1, 2, 3, 0, 100]), targetSpeed: target,
      onStop: pick(SpeedTrainer.OnStop.allCases))
  }

  /// A grid as the analysis reports it: mostly a steady beat over the track, sometimes none, and
  /// rarely one the reducer must refuse (beats out of order or past the end).
  private mutating func analysedGrid(in state: State) -> BeatGrid {
    let duration = min(state.track?.durationSec ?? 60, 600)
    if chance(10) { return .none }
    let tempo = Self.millis(Double.random(in: 60...200, using: &random))
    var grid = BeatGrid.constant(
      tempo: tempo, anchorSec: Self.millis(Double.random(in: 0...0.5, using: &random)),
      durationSec: duration)
    if chance(5) { grid.beats.reverse() }
    if chance(5) { grid.beats.append(duration + 1) }
    return grid
  }

  /// A loop name: usually one of a few (so saving again replaces), sometimes padded, empty or
  /// far too long.
  private mutating func loopName() -> String {
    if chance(5) {
      return pick(["", "   ", String(repeating: "x", count: 101), " verse "])
    }
    return pick(["intro", "verse", "bridge", "solo bar 5", "outro"])
  }

  /// A song's saved loops as another session left them: mostly good, some not loops of this
  /// track or with a bad name (the reducer must drop those).
  private mutating func songLoops(in state: State) -> [SavedLoop] {
    (0..<Int.random(in: 0...4, using: &random)).map { index in
      let a = trackTime(in: state)
      let name = chance(90) ? "L\(index)" : loopName()
      return SavedLoop(name: name, aSec: a, bSec: a + pick([1, -1, 0, 2.5]))
    }
  }

  /// Mostly where a marker stands (so naming renames it), else a time in or near the track.
  private mutating func markerOrTrackTime(in state: State) -> Double {
    if !state.markers.isEmpty, chance(60) {
      return state.markers[Int.random(in: 0..<state.markers.count, using: &random)].timeSec
    }
    return trackTime(in: state)
  }

  /// A song's sections as another session left them: mostly good, some past the track or with a
  /// bad name (the reducer must drop those).
  private mutating func songSections(in state: State) -> [SongSection] {
    (0..<Int.random(in: 0...4, using: &random)).map { index in
      SongSection(name: chance(90) ? "S\(index)" : loopName(), timeSec: trackTime(in: state))
    }
  }

  /// The number of a section, or rarely one that does not exist.
  private mutating func sectionNumber(in state: State) -> Int {
    let count = state.sections.count
    if count > 0, chance(90) { return Int.random(in: 1...count, using: &random) }
    return pick([0, -1, count + 1, Int.max])
  }

  /// A song's settings as its last session left them: mostly good, some markers outside the
  /// track and speeds or pitches off their grids or ranges (the reducer must drop or clamp those).
  private mutating func songSettings(in state: State) -> SongSettings {
    SongSettings(
      markers: (0..<Int.random(in: 0...4, using: &random)).map { _ in
        chance(90) ? trackTime(in: state) : pick([-1, 1e9])
      },
      speed: typed(in: 0.2...2.1), pitchSemitones: typed(in: -13...13))
  }

  /// The number of a saved loop, or rarely one that does not exist.
  private mutating func loopNumber(in state: State) -> Int {
    if !state.savedLoops.isEmpty, chance(90) {
      return Int.random(in: 1...state.savedLoops.count, using: &random)
    }
    return pick([0, -1, state.savedLoops.count + 1, Int.max])
  }

  /// A typed number: usually within `range` with up to three decimals (off the grid on
  /// purpose), sometimes at or past its ends.
  private mutating func typed(in range: ClosedRange<Double>) -> Double {
    if chance(5) { return pick([range.lowerBound, range.upperBound]) }
    return Self.millis(Double.random(in: range, using: &random))
  }

  // MARK: - Values

  /// A random element of a non-empty collection.
  public mutating func pick<Element>(_ choices: [Element]) -> Element {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }

  /// Whether a `percent`% chance came up.
  public mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  /// `value` rounded to the millisecond, as a UI reports times.
  public static func millis(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// A time on the track, sometimes a little outside it (the reducer must clamp).
  public mutating func trackTime(in state: State) -> Double {
    if let wild = wild() { return wild }
    let duration = state.track?.durationSec ?? 60
    if chance(5) { return pick([-1.5, duration + 3, 0, duration]) }
    return Self.millis(Double.random(in: 0...max(duration, 0.001), using: &random))
  }

  /// Where the engine's playhead is 1/30 s later: advanced by the speed while playing, wrapped
  /// from B to A while the loop is on; a stopped engine repeats its position.
  public func nextTick(in state: State) -> Double {
    var time = state.transport.currentTimeSec
    if state.transport.isPlaying {
      time += state.transport.speed / 30
      if state.loop.enabled, let a = state.loop.aSec, let b = state.loop.bSec, time >= b {
        time = a
      }
      time = min(time, state.track?.durationSec ?? 0)
    }
    return Self.millis(time)
  }

  private mutating func trackName() -> String { "take\(Int.random(in: 1...9, using: &random)).wav" }

  private mutating func duration() -> Double {
    if values == .hostile, chance(10) { return pick([0, 0.5, 1e6, 3600.25]) }
    return Self.millis(Double.random(in: 20...400, using: &random))
  }

  /// A button's step either way, rarely off the grid (or, hostile, anything at all).
  private mutating func delta(step: Double, offGrid: Double) -> Double {
    if let wild = wild() { return wild }
    return chance(5) ? offGrid : pick([step, -step])
  }

  /// A marker that exists, or rarely (always, without markers) one that does not.
  private mutating func markerID(in state: State) -> UUID {
    if !state.markers.isEmpty, chance(90) { return pick(state.markers.elements).id }
    let unknown = UUID(uuid: (0xDE, 0xAD, 0, 0, 0, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
    return ActionContext.derivedID(
      session: unknown, sequence: Int64.random(in: 1...1_000_000, using: &random))
  }

  /// For hostile values, one time in ten: a negative, huge or non-finite number.
  private mutating func wild() -> Double? {
    guard values == .hostile, chance(10) else { return nil }
    let negative = -Double.random(in: 0...100, using: &random)
    return pick([negative, 1e300, .nan, .infinity, -.infinity, 0])
  }
}
