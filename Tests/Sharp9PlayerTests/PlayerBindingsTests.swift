import CNcurses
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9App
@testable import Sharp9Player

/// Every binding of issue #14's key table, from what curses reads to the command it sends.
@Suite struct PlayerBindingsTests {
  let marker = Marker(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)), timeSec: 9)
  var state: State {
    State(
      markers: [
        Marker(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), timeSec: 2),
        marker,
      ])
  }

  func command(_ key: PlayerKey?, playhead: Double = 7.5) -> PlayerCommand? {
    key.map { PlayerBindings.command(for: $0, state: state, playheadSec: playhead) }
  }

  func character(_ text: Character) -> PlayerKey? {
    text.unicodeScalars.first.flatMap { PlayerKey.character($0.value) }
  }

  @Test func charactersGiveTheIssuesActions() {
    let table: [(Character, PlayerCommand)] = [
      (" ", .send(.togglePlay)),
      ("a", .send(.setA(timeSec: 7.5))),
      ("b", .send(.setB(timeSec: 7.5))),
      ("l", .send(.toggleLoopEnabled(true))),
      ("c", .send(.abCycle)),
      ("m", .send(.markNow)),
      ("x", .send(.deleteMarker(id: marker.id))),
      ("-", .send(.speedDelta(-0.05))),
      ("=", .send(.speedDelta(0.05))),
      ("+", .send(.speedDelta(0.05))),
      ("d", .send(.cycleSpeed)),
      ("[", .send(.pitchDelta(-1))),
      ("]", .send(.pitchDelta(1))),
      ("u", .send(.undo)),
      ("r", .send(.redo)),
      ("1", .send(.setMode(.marker))),
      ("2", .send(.setMode(.setA))),
      ("3", .send(.setMode(.loop))),
      ("4", .send(.setMode(.setB))),
      ("L", .send(.setLocked(true))),
      ("?", .toggleHelp),
      ("q", .quit),
      ("z", .ignore),
    ]
    for (key, expected) in table {
      #expect(command(character(key)) == expected, "key \(key)")
    }
  }

  @Test func functionKeysSkipAndJump() {
    #expect(command(PlayerKey.functionKey(KEY_LEFT)) == .send(.skip(seconds: -5)))
    #expect(command(PlayerKey.functionKey(KEY_RIGHT)) == .send(.skip(seconds: 5)))
    #expect(command(PlayerKey.functionKey(KEY_HOME)) == .send(.seekToStart))
    #expect(command(PlayerKey.functionKey(KEY_END)) == .send(.seekToEnd))
    #expect(PlayerKey.functionKey(KEY_RESIZE) == .resize)
    #expect(command(.resize) == .ignore)
    #expect(PlayerKey.functionKey(KEY_F0 + 1) == nil)
  }

  @Test func ctrlCQuitsAndOtherControlCharactersAreDropped() {
    #expect(PlayerKey.character(0x03) == .interrupt)
    #expect(command(.interrupt) == .quit)
    #expect(PlayerKey.character(0x1A) == nil)
    #expect(PlayerKey.character(0x9B) == nil)
  }

  @Test func loopKeyTurnsAnEnabledLoopOff() {
    var looping = state
    looping.loop.enabled = true
    #expect(
      PlayerBindings.command(for: .character("l"), state: looping, playheadSec: 0)
        == .send(.toggleLoopEnabled(false)))
  }

  @Test func deleteWithoutMarkersDoesNothing() {
    #expect(
      PlayerBindings.command(for: .character("x"), state: State(), playheadSec: 3) == .ignore)
  }

  /// Whether each `L` (or other key) at its time unlocks, in order.
  func unlocking(_ presses: [(Character, Double)]) -> [Bool] {
    var gate = LockGate()
    return presses.map { gate.unlocks(.character($0.0), atSec: $0.1) }
  }

  @Test func threeLsWithinASecondUnlock() {
    #expect(unlocking([("L", 10.0), ("L", 10.4), ("L", 10.9)]) == [false, false, true])
  }

  @Test func threeLsSpreadOverMoreThanASecondDoNotUnlock() {
    #expect(
      unlocking([("L", 10.0), ("L", 10.6), ("L", 11.0), ("L", 11.5)])
        == [false, false, false, true])
  }

  @Test func otherKeysDoNotCountTowardsTheUnlock() {
    #expect(
      unlocking([("L", 1.0), (" ", 1.1), ("l", 1.2), ("L", 1.3), ("L", 1.4)])
        == [false, false, false, false, true])
  }
}

/// The beat grid's keys: tap tempo, the grid's shift, the metronome and count-in cycles, A/B by
/// beats and the snap cycle, each from the state it changes.
@Suite struct RhythmBindingsTests {
  func command(_ text: Character, _ state: State = State()) -> PlayerCommand? {
    text.unicodeScalars.first.flatMap { PlayerKey.character($0.value) }.map {
      PlayerBindings.command(for: $0, state: state, playheadSec: 1)
    }
  }

  @Test func keysSendTheRhythmActions() {
    #expect(command("t") == .send(.tapTempo))
    #expect(command("y") == .send(.shiftGrid(seconds: -0.01)))
    #expect(command("Y") == .send(.shiftGrid(seconds: 0.01)))
    #expect(command("(") == .send(.nudgeABeats(-1)))
    #expect(command(")") == .send(.nudgeABeats(1)))
    #expect(command("9") == .send(.nudgeBBeats(-1)))
    #expect(command("0") == .send(.nudgeBBeats(1)))
    #expect(command("k") == .send(.setMetronome(enabled: true, level: 0.5)))
    #expect(command("V") == .send(.setMetronome(enabled: false, level: 0.6)))
    #expect(command("i") == .send(.setCountIn(beats: 4, everyPass: false)))
    #expect(command("I") == .send(.setCountIn(beats: 0, everyPass: true)))
    #expect(command("g") == .send(.setSnap(.beats)))
  }

  @Test func capitalRArmsRecordingAndStopsIt() {
    var state = State()
    #expect(command("R", state) == .send(.setRecordingArmed(true)))
    state.recording.isArmed = true
    #expect(command("R", state) == .send(.setRecordingArmed(false)))
  }

  /// `h` hears the last take or goes back to the song, `j`/`J` step between takes (A/B between
  /// passes, stopping at the ends), `o`/`O` move the balance, `H` the take alone or mixed, `X`
  /// deletes the take heard; with no take they do nothing.
  @Test func takeKeysListenBack() {
    var state = State()
    for key in ["h", "j", "J", "X"] { #expect(command(Character(key), state) == .ignore) }
    let takes = (1...3).map { index in
      Take(
        id: UUID(uuid: (UInt8(index), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
        recording: TakeRecording(
          startFrame: Int64(index) * 100, endFrame: Int64(index) * 100 + 50, pass: index,
          input: "in", sha256: String(repeating: "a", count: 64)))
    }
    state.recording.takes = takes
    #expect(command("h", state) == .send(.listenToTake(id: takes[2].id)))
    #expect(command("j", state) == .send(.listenToTake(id: takes[2].id)))
    #expect(command("X", state) == .ignore)
    state.recording.listening.takeID = takes[1].id
    #expect(command("h", state) == .send(.listenToSong))
    #expect(command("j", state) == .send(.listenToTake(id: takes[0].id)))
    #expect(command("J", state) == .send(.listenToTake(id: takes[2].id)))
    #expect(command("X", state) == .send(.deleteTake(id: takes[1].id)))
    state.recording.listening.takeID = takes[0].id
    #expect(command("j", state) == .ignore)
    #expect(command("o", state) == .send(.setTakeBalance(-0.25)))
    #expect(command("O", state) == .send(.setTakeBalance(0.25)))
    #expect(command("H", state) == .send(.setTakeBalance(1)))
    state.recording.listening.balance = 1
    #expect(command("H", state) == .send(.setTakeBalance(0)))
  }

  @Test func cyclesFollowTheState() {
    var state = State()
    state.rhythm.clicks = Clicks(metronomeOn: true, level: 1, countInBeats: 8)
    state.rhythm.snap = .bars
    #expect(command("k", state) == .send(.setMetronome(enabled: false, level: 1)))
    #expect(command("V", state) == .send(.setMetronome(enabled: true, level: 1)))
    #expect(command("v", state) == .send(.setMetronome(enabled: true, level: 0.9)))
    #expect(command("i", state) == .send(.setCountIn(beats: 0, everyPass: false)))
    #expect(command("g", state) == .send(.setSnap(.off)))
    #expect(PlayerBindings.nextCountIn(after: 4) == 8)
    #expect(PlayerBindings.nextSnap(after: .beats) == .bars)
  }

  /// Every key in the help fits its column, and the help fits an 80×24 screen in two columns.
  @Test func theHelpFitsTwoColumns() {
    for entry in PlayerBindings.help {
      #expect(entry.keys.count <= 10 && entry.what.count <= 26, "\(entry)")
    }
    #expect((PlayerBindings.help.count + 1) / 2 + 1 <= 22)
  }
}

/// The typing line's keys and the section keys.
@Suite struct PromptAndSectionKeyTests {
  @Test func promptKeysComeFromCurses() {
    #expect(PlayerKey.character(0x0D) == .enter)
    #expect(PlayerKey.character(0x0A) == .enter)
    #expect(PlayerKey.character(0x7F) == .backspace)
    #expect(PlayerKey.character(0x08) == .backspace)
    #expect(PlayerKey.character(0x1B) == .escape)
    #expect(PlayerKey.character(0xE9) == .character("é"))
    #expect(PlayerKey.character(0x01) == nil)
    let state = State()
    for key in [PlayerKey.enter, .backspace, .escape, .character("é")] {
      #expect(PlayerBindings.command(for: key, state: state, playheadSec: 0) == .ignore)
    }
    #expect(
      PlayerBindings.command(for: .character(":"), state: state, playheadSec: 0) == .prompt(""))
    #expect(
      PlayerBindings.command(for: .character("N"), state: state, playheadSec: 0)
        == .prompt("section "))
  }

  /// `P` loops the part the playhead is in, then the next one, wrapping.
  @Test func pLoopsThePartBeingPlayedThenTheNext() {
    var state = State(
      track: TrackMeta(name: "s.wav", durationSec: 100),
      markers: [
        Marker(id: UUID(), timeSec: 50, name: "Chorus"), Marker(id: UUID(), timeSec: 10),
        Marker(id: UUID(), timeSec: 20, name: "Verse"),
      ])
    func p(_ playhead: Double) -> PlayerCommand {
      PlayerBindings.command(for: .character("P"), state: state, playheadSec: playhead)
    }
    #expect(p(5) == .send(.loopSection(number: 1)))
    #expect(p(30) == .send(.loopSection(number: 1)))
    #expect(p(60) == .send(.loopSection(number: 2)))
    state.loop = LoopPoints(aSec: 20, bSec: 50, enabled: true)
    #expect(p(30) == .send(.loopSection(number: 2)))
    state.loop = LoopPoints(aSec: 50, bSec: 100, enabled: true)
    #expect(p(60) == .send(.loopSection(number: 1)))
    state.markers = []
    #expect(p(60) == .ignore)
  }
}

/// The keys a MIDI pedal may be bound to: those of the help table that send an action.
@Suite struct BindableKeysTests {
  @Test func theHelpTablesActionKeysAndNotTheScreensOwn() {
    let keys = PlayerBindings.bindableKeys
    for key in [
      " ", "a", "b", "l", "m", "x", "=", ",", ".", "[", "]", "ArrowLeft", "ArrowRight",
      "Home", "End", "1", "4", "L", "u", "r", "P", "9", "0", "'", ";", "(", ")", "Y",
    ] {
      #expect(keys.contains(key), "\(key)")
    }
    for key in ["q", "?", ":", "N", "/", "z", "Space", "Ctrl-C", "click", "Home/End", ""] {
      #expect(!keys.contains(key), "\(key)")
    }
    #expect(Set(keys).count == keys.count)
    #expect(keys.allSatisfy { PlayerKey.named($0) != nil })
  }
}
