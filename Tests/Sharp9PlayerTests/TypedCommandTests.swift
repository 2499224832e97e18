import Foundation
import Sharp9App
import Sharp9Domain
import Testing

/// The player's typing line: each command's action, and every malformed line refused with a
/// sentence and no action (ranges are the reducer's, so an out-of-range value is still sent).
@Suite struct TypedCommandTests {
  static let marker = Marker(id: UUID(), timeSec: 30.2)
  static var state: State {
    var state = State(
      track: TrackMeta(name: "song.wav", durationSec: 180),
      transport: Transport(pitchSemitones: -2.4),
      markers: [marker, Marker(id: UUID(), timeSec: 90, name: "Solo")])
    state.savedLoops = [SavedLoop(name: "Bridge", aSec: 1, bSec: 2)]
    return state
  }

  func parse(_ line: String, playhead: Double = 29.5) -> TypedCommand.Outcome {
    TypedCommand.parse(line, state: Self.state, playheadSec: playhead)
  }

  @Test func eachCommandSendsItsAction() {
    let table: [(String, Action)] = [
      ("speed 0.73", .setSpeed(0.73)),
      ("  SPEED   73% ", .setSpeed(0.73)),
      ("speed 5", .setSpeed(5)),
      ("pitch -2.15", .setPitch(semitones: -2.15)),
      ("pitch +3", .setPitch(semitones: 3)),
      ("cents 15", .setPitch(semitones: -1.85)),
      ("cents -30", .setPitch(semitones: -2.3)),
      ("a 1:23.4", .setA(timeSec: 83.4)),
      ("b 95.25", .setB(timeSec: 95.25)),
      ("a 1:02:03", .setA(timeSec: 3723)),
      ("tempo 126", .setTempo(bpm: 126)),
      ("tempo 10000", .setTempo(bpm: 10000)),
      ("section Verse 2", .nameSection(timeSec: 30.2, name: "Verse 2")),
      ("section", .nameSection(timeSec: 30.2, name: "")),
      ("save Solo ♪", .saveLoop(name: "Solo ♪")),
      ("loop 1", .recallLoop(number: 1)),
      ("loop bridge", .recallLoop(number: 1)),
      ("loop 7", .recallLoop(number: 7)),
      ("part solo", .loopSection(number: 1)),
      ("part 3", .loopSection(number: 3)),
      ("passes 4", .setLoopPasses(4)),
      ("passes off", .setLoopPasses(nil)),
      (
        "trainer 0.6 0.05 2 1.0 hold",
        .setSpeedTrainer(
          SpeedTrainer(
            startSpeed: 0.6, step: 0.05, everyPasses: 2, targetSpeed: 1, onStop: .hold))
      ),
      (
        "trainer 1 -0.1 1 0.5",
        .setSpeedTrainer(
          SpeedTrainer(
            startSpeed: 1, step: -0.1, everyPasses: 1, targetSpeed: 0.5, onStop: .reset))
      ),
      ("trainer off", .setSpeedTrainer(nil)),
      ("countin 4", .setCountIn(beats: 4, everyPass: false)),
      ("countin 8 every", .setCountIn(beats: 8, everyPass: true)),
    ]
    for (line, action) in table {
      #expect(parse(line) == .send(action), "\(line)")
    }
    // Away from every marker, a section starts at the playhead.
    #expect(parse("section Intro", playhead: 12) == .send(.nameSection(timeSec: 12, name: "Intro")))
  }

  @Test func malformedLinesAreRefusedWithASentence() {
    let bad = [
      "", "   ", "fly away", "speed", "speed fast", "speed 0.7x", "speed nan", "speed inf",
      "speed 1e400", "pitch", "pitch up", "cents 100", "cents -150", "cents x", "a", "a 1:75",
      "a -3", "b 1::2", "b 1:2:3:4", "tempo", "tempo fast", "loop", "loop Chorus", "part Verse",
      "passes", "passes many", "passes 2.5", "trainer", "trainer 0.6 0.05 2", "trainer a b c d",
      "trainer 0.6 0.05 2.5 1", "trainer 0.6 0.05 2 1 keep", "countin", "countin x",
      "countin 4 always", "countin 4 every pass",
    ]
    for line in bad {
      guard case .refused(let why) = parse(line) else {
        Issue.record("\(line) was not refused")
        continue
      }
      #expect(!why.isEmpty && !why.contains("\n"), "\(line): \(why)")
    }
  }
}
