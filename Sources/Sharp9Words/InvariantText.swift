import Foundation
import Sharp9Domain

/// The words for a broken invariant, shared by `check` (text and `--json`), `fuzz` and the web
/// server's check report: one sentence naming the field and its value.
public enum InvariantText {
  /// `loop.aSec 5.0 is after loop.bSec 2.0`, `transport.speed 0.7333 is not a multiple of 0.05
  /// within 0.25…2`, …
  public static func sentence(_ violation: InvariantViolation) -> String {
    switch violation {
    case .playheadOutsideTrack(let time, let duration):
      "transport.currentTimeSec \(time) is outside the track (0…\(duration))"
    case .loopPointOutsideTrack(let point, let time, let duration):
      "\(name(of: point)) \(time) is outside the track (0…\(duration))"
    case .loopAAfterB(let a, let b): "loop.aSec \(a) is after loop.bSec \(b)"
    case .loopEnabledWithoutAB: "loop.enabled is true without both A and B"
    case .speedOffGrid(let speed, let step, let range):
      "transport.speed \(speed) is not a multiple of \(JSONText.number(step))"
        + " within \(text(of: range))"
    case .pitchOffGrid(let pitch, let step, let range):
      "transport.pitchSemitones \(pitch) is not a multiple of \(JSONText.number(step))"
        + " within \(text(of: range))"
    case .duplicateMarkerID(let id): "markers: id \(id) appears more than once"
    case .markerOutsideTrack(let id, let time, _): "markers: \(id) at \(time) is outside the track"
    case .viewportOutsideTrack(let start, let end, _):
      "viewport \(start)…\(end) is not within the track"
    case .playingWithoutTrack: "transport.isPlaying is true with no track loaded"
    case .loadingWithTrack: "isLoading is true while a track is loaded"
    case .historyTooDeep(let depth, let limit):
      "history holds \(depth) edits, more than the \(limit) allowed"
    case .savedLoopInvalid(let name, let a, let b, let duration):
      "savedLoops: \"\(name)\" \(a)…\(b) is not a loop within the track (0…\(duration)) with a"
        + " name of \(PracticeRules.loopNameLength.lowerBound) to"
        + " \(PracticeRules.loopNameLength.upperBound) characters"
    case .sectionNameInvalid(let id, let name):
      "markers: \(id) names a section \"\(name)\", not a name of"
        + " \(PracticeRules.loopNameLength.lowerBound) to"
        + " \(PracticeRules.loopNameLength.upperBound) characters without spaces around it"
    case .tooManySections(let count, let limit):
      "markers name \(count) sections, more than the \(limit) allowed"
    case .savedLoopsAmbiguous(let name?, _, _):
      "savedLoops: the name \"\(name)\" is used more than once"
    case .savedLoopsAmbiguous(nil, let count, let limit):
      "savedLoops holds \(count) loops, more than the \(limit) allowed"
    case .rhythmInvalid(let tempo, let level, let beats, let taps, let gridFits):
      "rhythm: tempo \(tempo.map { "\($0)" } ?? "none"), click level \(level), count-in \(beats)"
        + " beats, \(taps) taps" + (gridFits ? "" : ", an analysed grid not of this track")
        + " (allowed: tempo \(PracticeRules.tempoRange), level \(PracticeRules.clickLevelRange),"
        + " count-in \(PracticeRules.countInBeatsRange), at most \(PracticeRules.tapCount) taps)"
    }
  }

  private static func name(of point: InvariantViolation.LoopPoint) -> String {
    switch point {
    case .a: "loop.aSec"
    case .b: "loop.bSec"
    }
  }

  /// `0.25…2`: the limits as ``PracticeRules`` states them, in their shortest text.
  private static func text(of range: ClosedRange<Double>) -> String {
    JSONText.number(range.lowerBound) + "…" + JSONText.number(range.upperBound)
  }
}
