import Foundation
import Sharp9Domain

/// What a key asks of the player: one Action through the core, or something for the screen.
public enum PlayerCommand: Equatable, Sendable {
  case send(Action)
  /// Open the typing line with this text in it (see ``TypedCommand``).
  case prompt(String)
  case toggleHelp
  case quit
  case ignore
}

/// The player's key bindings (the issue's, so muscle memory carries across machines). Pure:
/// the same key, state and playhead always give the same command.
public enum PlayerBindings {
  /// The command for `key`, given the state and the playhead the action would take effect at.
  public static func command(
    for key: PlayerKey, state: State, playheadSec: Double
  ) -> PlayerCommand {
    switch key {
    case .interrupt: return .quit
    case .left: return .send(.skip(seconds: -PracticeRules.skipSeconds))
    case .right: return .send(.skip(seconds: PracticeRules.skipSeconds))
    case .home: return .send(.seekToStart)
    case .end: return .send(.seekToEnd)
    case .click, .drag: return .ignore  // handled against the screen's layout
    case .resize: return .ignore  // the screen is drawn again
    case .enter, .backspace, .escape: return .ignore  // the prompt's keys
    case .character(let character):
      return command(for: character, state: state, playheadSec: playheadSec)
    }
  }

  private static func command(for character: Character, state: State, playheadSec: Double)
    -> PlayerCommand
  {
    switch character {
    case " ": .send(.togglePlay)
    case "a": .send(.setA(timeSec: playheadSec))
    case "b": .send(.setB(timeSec: playheadSec))
    case "l": .send(.toggleLoopEnabled(!state.loop.enabled))
    case "c": .send(.abCycle)
    case "m": .send(.markNow)
    case "x":
      nearestMarker(to: playheadSec, in: state).map { .send(.deleteMarker(id: $0)) } ?? .ignore
    case "-": .send(.speedDelta(-PracticeRules.speedButtonStep))
    case "=", "+": .send(.speedDelta(PracticeRules.speedButtonStep))
    case ",": .send(.speedDelta(-PracticeRules.speedStep))
    case ".": .send(.speedDelta(PracticeRules.speedStep))
    case "d": .send(.cycleSpeed)
    case "[": .send(.pitchDelta(-PracticeRules.pitchButtonStep))
    case "]": .send(.pitchDelta(PracticeRules.pitchButtonStep))
    case "{": .send(.pitchDelta(-PracticeRules.pitchStep))
    case "}": .send(.pitchDelta(PracticeRules.pitchStep))
    case "<": .send(.nudgeA(seconds: -PracticeRules.nudgeSeconds))
    case ">": .send(.nudgeA(seconds: PracticeRules.nudgeSeconds))
    case ";": .send(.nudgeB(seconds: -PracticeRules.nudgeSeconds))
    case "'": .send(.nudgeB(seconds: PracticeRules.nudgeSeconds))
    case "(": .send(.nudgeABeats(-1))
    case ")": .send(.nudgeABeats(1))
    case "9": .send(.nudgeBBeats(-1))
    case "0": .send(.nudgeBBeats(1))
    case "g": .send(.setSnap(nextSnap(after: state.rhythm.snap)))
    case "t": .send(.tapTempo)
    case "y": .send(.shiftGrid(seconds: -PracticeRules.gridShiftStep))
    case "Y": .send(.shiftGrid(seconds: PracticeRules.gridShiftStep))
    case "k": metronome(on: !state.rhythm.clicks.metronomeOn, level: state.rhythm.clicks.level)
    case "v": metronome(level: state.rhythm.clicks.level - PracticeRules.clickLevelStep, in: state)
    case "V": metronome(level: state.rhythm.clicks.level + PracticeRules.clickLevelStep, in: state)
    case "i":
      .send(
        .setCountIn(
          beats: nextCountIn(after: state.rhythm.clicks.countInBeats),
          everyPass: state.rhythm.clicks.countInEveryPass))
    case "I":
      .send(
        .setCountIn(
          beats: state.rhythm.clicks.countInBeats,
          everyPass: !state.rhythm.clicks.countInEveryPass))
    case "s": .send(.saveLoop(name: nextLoopName(in: state)))
    case "n": nextSavedLoop(in: state).map { .send(.recallLoop(number: $0)) } ?? .ignore
    case "p": .send(.setLoopPasses(nextPassLimit(after: state.loopPractice.passLimit)))
    case "w":
      .send(
        .setSpeedTrainer(
          state.loopPractice.trainer == nil ? .climbing(from: state.transport.speed) : nil))
    case "u": .send(.undo)
    case "r": .send(.redo)
    case "1": .send(.setMode(.marker))
    case "2": .send(.setMode(.setA))
    case "3": .send(.setMode(.loop))
    case "4": .send(.setMode(.setB))
    case "L": .send(.setLocked(true))
    case "R": .send(.setRecordingArmed(!state.recording.isArmed))
    case "h":
      state.recording.listening.takeID != nil
        ? .send(.listenToSong)
        : state.recording.takes.last.map { .send(.listenToTake(id: $0.id)) } ?? .ignore
    case "j": neighbourTake(-1, in: state).map { .send(.listenToTake(id: $0)) } ?? .ignore
    case "J": neighbourTake(1, in: state).map { .send(.listenToTake(id: $0)) } ?? .ignore
    case "o":
      .send(.setTakeBalance(state.recording.listening.balance - TakeListening.balanceStep))
    case "O":
      .send(.setTakeBalance(state.recording.listening.balance + TakeListening.balanceStep))
    case "H": .send(.setTakeBalance(state.recording.listening.balance < 1 ? 1 : 0))
    case "X": state.recording.heardTake.map { .send(.deleteTake(id: $0.id)) } ?? .ignore
    case ":": .prompt("")
    case "N": .prompt("section ")
    case "P":
      nextSection(in: state, playheadSec: playheadSec).map { .send(.loopSection(number: $0)) }
        ?? .ignore
    case "?": .toggleHelp
    case "q": .quit
    default: .ignore
    }
  }

  /// The take `step` takes away from the one heard (`j` the one before, `J` the one after: A/B
  /// between passes), or the last take when none is heard; nil past either end or with none.
  static func neighbourTake(_ step: Int, in state: State) -> UUID? {
    let takes = state.recording.takes
    guard let heard = state.recording.listening.takeID,
      let index = takes.firstIndex(where: { $0.id == heard })
    else { return takes.last?.id }
    let next = index + step
    return takes.indices.contains(next) ? takes[next].id : nil
  }

  /// The snap after `snap` in the `g` key's cycle: off, beats, bars.
  static func nextSnap(after snap: SnapMode) -> SnapMode {
    switch snap {
    case .off: .beats
    case .beats: .bars
    case .bars: .off
    }
  }

  /// The count-in after `beats` in the `i` key's cycle: none, one bar, two bars (4/4).
  static func nextCountIn(after beats: Int) -> Int {
    let bar = BeatGrid.beatsPerBar
    return beats == 0 ? bar : beats == bar ? 2 * bar : 0
  }

  /// The metronome at `level`, kept within the level range (the step keys stop at its ends).
  private static func metronome(level: Double, in state: State) -> PlayerCommand {
    let range = PracticeRules.clickLevelRange
    let kept = min(max((level * 100).rounded() / 100, range.lowerBound), range.upperBound)
    return metronome(on: state.rhythm.clicks.metronomeOn, level: kept)
  }

  private static func metronome(on: Bool, level: Double) -> PlayerCommand {
    .send(.setMetronome(enabled: on, level: level))
  }

  /// The name `s` saves under: the current loop's saved name if it is one (saving again
  /// replaces it), else "Loop N" with the first N not taken.
  static func nextLoopName(in state: State) -> String {
    if let saved = state.savedLoops.first(where: {
      $0.aSec == state.loop.aSec && $0.bSec == state.loop.bSec
    }) {
      return saved.name
    }
    let names = Set(state.savedLoops.map(\.name))
    var number = 1
    while names.contains("Loop \(number)") { number += 1 }
    return "Loop \(number)"
  }

  /// The saved loop after the one playing (the first when none is), by number; nil with none.
  static func nextSavedLoop(in state: State) -> Int? {
    guard !state.savedLoops.isEmpty else { return nil }
    let current = state.savedLoops.firstIndex {
      $0.aSec == state.loop.aSec && $0.bSec == state.loop.bSec && state.loop.enabled
    }
    return current.map { ($0 + 1) % state.savedLoops.count + 1 } ?? 1
  }

  /// The pass limit `p` sets after `limit`: the next in ``PracticeRules/loopPassCycle``, then
  /// none (loop until stopped), then the first again.
  static func nextPassLimit(after limit: Int?) -> Int? {
    let cycle = PracticeRules.loopPassCycle
    guard let limit else { return cycle.first }
    return cycle.first { $0 > limit }
  }

  /// The section to loop: the one the playhead is in (the first when it is before them all),
  /// or, when the loop already starts at a section, the one after it, wrapping to the first:
  /// `P` loops the part being played, then steps through the song's parts.
  static func nextSection(in state: State, playheadSec: Double) -> Int? {
    let sections = state.sections
    guard !sections.isEmpty else { return nil }
    if let a = state.loop.aSec, state.loop.enabled,
      let from = sections.firstIndex(where: { $0.timeSec == a })
    {
      return (from + 1) % sections.count + 1
    }
    return (sections.lastIndex { $0.timeSec <= playheadSec } ?? 0) + 1
  }

  private static func nearestMarker(to timeSec: Double, in state: State) -> Marker.ID? {
    state.markers.min { abs($0.timeSec - timeSec) < abs($1.timeSec - timeSec) }?.id
  }

  /// The keys as the help screen (two columns: each text fits 26 characters) and
  /// docs/guide/practice.md list them.
  public static let help: [(keys: String, what: String)] = [
    ("Space", "play / pause"),
    ("a / b", "set A / B at the playhead"),
    ("l", "loop on / off"),
    ("c", "A/B button: A, B, clear"),
    ("m / x", "mark / delete nearest"),
    ("← / →", "skip -5 / +5 s"),
    ("Home/End", "to A or start / B or end"),
    ("- / =", "speed -0.05 / +0.05"),
    (", / .", "speed -0.01 / +0.01"),
    ("d", "speed cycle"),
    ("[ / ]", "pitch -1 / +1 semitone"),
    ("{ / }", "pitch -1 / +1 cent"),
    ("< / >", "nudge A -10 / +10 ms"),
    ("; / '", "nudge B -10 / +10 ms"),
    ("( / )", "nudge A -1 / +1 beat"),
    ("9 / 0", "nudge B -1 / +1 beat"),
    ("g", "snap: off / beats / bars"),
    ("t", "tap tempo (4 taps on)"),
    ("y / Y", "grid -10 / +10 ms"),
    ("k", "metronome on / off"),
    ("v / V", "click level -10 / +10 %"),
    ("i / I", "count-in 0/4/8, each pass"),
    ("s / n", "save loop / next saved"),
    ("N / P", "name section / loop next"),
    (":", "type: speed 0.73, a 1:02…"),
    ("p", "stop after 1/2/4/8 passes"),
    ("w", "speed trainer on / off"),
    ("u / r", "undo / redo"),
    ("1 2 3 4", "click: marker/A/loop/B"),
    ("L", "lock; unlock: L×3 in 1 s"),
    ("R", "record: arm / stop"),
    ("h", "hear last take / song"),
    ("j / J", "previous / next take"),
    ("o / O", "balance: song / take"),
    ("H", "take alone / with song"),
    ("X", "delete the take heard"),
    ("click/drag", "tap waveform / scrub"),
    ("?", "this help"),
    ("q, Ctrl-C", "quit"),
  ]
}

/// The lock: while locked every key is ignored except a deliberate unlock, `L` three times
/// within one second (a held `L` repeats, so holding it unlocks too).
public struct LockGate: Sendable {
  private var presses: [Double] = []

  /// A gate with no presses yet.
  public init() {}

  /// Whether a key pressed at `nowSec` while locked unlocks (it is the third `L` in 1 s).
  public mutating func unlocks(_ key: PlayerKey, atSec nowSec: Double) -> Bool {
    guard key == .character("L") else { return false }
    presses = presses.filter { nowSec - $0 < 1 } + [nowSec]
    guard presses.count >= 3 else { return false }
    presses = []
    return true
  }
}
