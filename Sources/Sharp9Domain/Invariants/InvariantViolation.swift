import Foundation

/// One rule of ``Invariants`` that a state breaks, with the values that break it and the limits
/// they break (front ends word it).
public enum InvariantViolation: Sendable, Equatable {
  /// A loop point: A or B.
  public enum LoopPoint: Sendable, Equatable {
    /// `loop.aSec`.
    case a
    /// `loop.bSec`.
    case b
  }

  /// The playhead `timeSec` is outside the track `0…durationSec`.
  case playheadOutsideTrack(timeSec: Double, durationSec: Double)
  /// A loop point at `timeSec` is outside the track `0…durationSec`.
  case loopPointOutsideTrack(LoopPoint, timeSec: Double, durationSec: Double)
  /// A is after B.
  case loopAAfterB(aSec: Double, bSec: Double)
  /// The loop is enabled without both A and B.
  case loopEnabledWithoutAB
  /// The speed is not a multiple of `step` within `range` (``PracticeRules``' limits).
  case speedOffGrid(speed: Double, step: Double, range: ClosedRange<Double>)
  /// The pitch is not a multiple of `step` within `range` (``PracticeRules``' limits).
  case pitchOffGrid(semitones: Double, step: Double, range: ClosedRange<Double>)
  /// Two markers share the id.
  case duplicateMarkerID(UUID)
  /// The marker is at a time outside the track.
  case markerOutsideTrack(id: UUID, timeSec: Double, durationSec: Double)
  /// The viewport `startSec…endSec` is not within the track `0…durationSec`.
  case viewportOutsideTrack(startSec: Double, endSec: Double, durationSec: Double)
  /// The transport plays with no track loaded.
  case playingWithoutTrack
  /// A load is under way while a track is loaded.
  case loadingWithTrack
  /// The undo and redo stacks hold `depth` edits, more than `limit`.
  case historyTooDeep(depth: Int, limit: Int)
  /// The saved loop `name` is not a loop of the track (A before B, both in `0…durationSec`) or
  /// its name's length is not allowed.
  case savedLoopInvalid(name: String, aSec: Double, bSec: Double, durationSec: Double)
  /// The marker `id` names a section with a name whose length is not allowed, or with spaces
  /// around it.
  case sectionNameInvalid(id: UUID, name: String)
  /// More than `limit` markers name sections.
  case tooManySections(count: Int, limit: Int)
  /// Two saved loops share `name`, or more than `limit` are saved.
  case savedLoopsAmbiguous(name: String?, count: Int, limit: Int)
  /// The rhythm breaks a rule: the tapped or typed tempo outside the tempo range, the click
  /// level or the count-in outside theirs, more taps kept than tap tempo uses, or an analysed
  /// grid that could not be the track's (`gridFits` false).
  case rhythmInvalid(tempo: Double?, level: Double, countInBeats: Int, taps: Int, gridFits: Bool)
}
