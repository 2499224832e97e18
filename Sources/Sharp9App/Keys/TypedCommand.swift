import Foundation
import Sharp9Domain

/// A line the musician typed at the player's prompt (`:`), turned into one action: the values a
/// key cannot give (a speed of 0.73, A at 1:23.40, a tempo of 126, a section's name). Only the
/// syntax is checked here; ranges are the reducer's, which refuses with its one toast.
///
/// | line | action |
/// | --- | --- |
/// | `speed 0.73` or `speed 73%` | ``Action/setSpeed(_:)`` |
/// | `pitch -2.15` (semitones) | ``Action/setPitch(semitones:)`` |
/// | `cents 15` | the pitch's cents, its semitones kept |
/// | `a 1:23.4`, `b 95.2` | ``Action/setA(timeSec:)``, ``Action/setB(timeSec:)`` |
/// | `tempo 126` | ``Action/setTempo(bpm:)`` |
/// | `section Verse` | ``Action/nameSection(timeSec:name:)`` at the marker within a second of the playhead, else at the playhead |
/// | `save Solo` | ``Action/saveLoop(name:)`` |
/// | `loop 2` or `loop Solo` | ``Action/recallLoop(number:)`` |
/// | `part 2` or `part Verse` | ``Action/loopSection(number:)`` |
/// | `passes 4` or `passes off` | ``Action/setLoopPasses(_:)`` |
/// | `trainer 0.6 0.05 2 1.0 [hold]` or `trainer off` | ``Action/setSpeedTrainer(_:)``: start, step, every N passes, target, and `hold` (else `reset`) on stop |
/// | `countin 4 [every]` | ``Action/setCountIn(beats:everyPass:)`` |
public enum TypedCommand {
  /// What a typed line means: an action, or why it means none (a sentence for the screen).
  public enum Outcome: Equatable, Sendable {
    case send(Action)
    case refused(String)
  }

  /// The commands, as the help lists them.
  public static let help =
    "speed, pitch, cents, a, b, tempo, section, save, loop, part, passes, trainer, countin"

  /// How far from the playhead a marker may stand for `section NAME` to name it.
  static let markerReachSec = 1.0

  /// The action `line` asks for, in `state` with the playhead at `playheadSec`.
  public static func parse(_ line: String, state: State, playheadSec: Double) -> Outcome {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    let word = trimmed.prefix { !$0.isWhitespace }.lowercased()
    let rest = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
    switch word {
    case "speed":
      let percent = rest.hasSuffix("%")
      guard let value = number(percent ? String(rest.dropLast()) : rest) else {
        return .refused("Type a speed: speed 0.75 or speed 75%")
      }
      return .send(.setSpeed(percent ? value / 100 : value))
    case "pitch":
      guard let value = number(rest) else { return .refused("Type semitones: pitch -2.5") }
      return .send(.setPitch(semitones: value))
    case "cents":
      guard let cents = number(rest), abs(cents) < 100 else {
        return .refused("Type cents between -99 and 99: cents 15")
      }
      let semitones = state.transport.pitchSemitones.rounded(.towardZero)
      return .send(.setPitch(semitones: semitones + cents / 100))
    case "a", "b":
      guard let time = time(rest) else {
        return .refused("Type a time: \(word) 1:23.4 or \(word) 83.4")
      }
      return .send(word == "a" ? .setA(timeSec: time) : .setB(timeSec: time))
    case "tempo":
      guard let bpm = number(rest) else { return .refused("Type beats per minute: tempo 120") }
      return .send(.setTempo(bpm: bpm))
    case "section":
      let near = state.markers.filter { abs($0.timeSec - playheadSec) <= markerReachSec }
        .min { abs($0.timeSec - playheadSec) < abs($1.timeSec - playheadSec) }
      return .send(.nameSection(timeSec: near?.timeSec ?? playheadSec, name: rest))
    case "save":
      return .send(.saveLoop(name: rest))
    case "loop":
      guard let number = numbered(rest, names: state.savedLoops.map(\.name)) else {
        return .refused("No saved loop \(rest)")
      }
      return .send(.recallLoop(number: number))
    case "part":
      guard let number = numbered(rest, names: state.sections.map(\.name)) else {
        return .refused("No section \(rest)")
      }
      return .send(.loopSection(number: number))
    case "passes":
      if rest.lowercased() == "off" { return .send(.setLoopPasses(nil)) }
      guard let passes = Int(rest) else { return .refused("Type a number of passes: passes 4") }
      return .send(.setLoopPasses(passes))
    case "trainer":
      return trainer(rest)
    case "countin":
      let words = rest.split(separator: " ", omittingEmptySubsequences: true)
      guard (1...2).contains(words.count), let beats = Int(words[0]),
        words.count == 1 || words[1].lowercased() == "every"
      else { return .refused("Type beats, then every for each pass: countin 4 every") }
      return .send(.setCountIn(beats: beats, everyPass: words.count == 2))
    case "":
      return .refused("Type a command: \(help)")
    default:
      return .refused("Unknown command \(word): \(help)")
    }
  }

  /// A trainer plan: `off`, or start, step, passes, target and an optional `hold` or `reset`.
  private static func trainer(_ text: String) -> Outcome {
    if text.lowercased() == "off" { return .send(.setSpeedTrainer(nil)) }
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let onStop = words.count == 5 ? SpeedTrainer.OnStop(rawValue: words[4].lowercased()) : .reset
    guard (4...5).contains(words.count), let start = number(words[0]), let step = number(words[1]),
      let passes = Int(words[2]), let target = number(words[3]), let onStop
    else {
      return .refused("Type start, step, every N passes and target: trainer 0.6 0.05 2 1.0 hold")
    }
    return .send(
      .setSpeedTrainer(
        SpeedTrainer(
          startSpeed: start, step: step, everyPasses: passes, targetSpeed: target, onStop: onStop)))
  }

  /// A finite decimal number (a leading `+` allowed).
  private static func number(_ text: String) -> Double? {
    let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
    guard let value = Double(digits), value.isFinite, !digits.isEmpty,
      digits.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
    else { return nil }
    return value
  }

  /// Seconds from `83.4`, `1:23.4` or `1:02:03.5`.
  private static func time(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var seconds = 0.0
    for (index, part) in parts.enumerated() {
      guard let value = number(String(part)), value >= 0 else { return nil }
      // Every part but the first is below 60 (1:75 is a typing mistake, not 2:15).
      if index > 0, value >= 60 { return nil }
      seconds = seconds * 60 + value
    }
    return seconds
  }

  /// The 1-based number `text` gives (as a number, or as one of `names`, first match).
  private static func numbered(_ text: String, names: [String]) -> Int? {
    if let number = Int(text) { return number }
    return names.firstIndex { $0.caseInsensitiveCompare(text) == .orderedSame }.map { $0 + 1 }
  }
}
