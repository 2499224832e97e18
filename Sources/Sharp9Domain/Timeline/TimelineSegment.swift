/// A stretch of wall time during which playback follows one straight line: the source position
/// moves linearly from `sourceStartSec` to `sourceEndSec` (at `speed` source seconds per wall
/// second while playing; not at all while paused).
///
/// Segments are what ``PlaybackTimeline`` produces, what `sharp9 timeline` prints and what the
/// renderer plays, so the printed timeline and the rendered audio cannot disagree.
public struct TimelineSegment: Sendable, Equatable, Hashable, Codable {
  /// Why a segment started. Cases are ordered by precedence: when several commands arrive at the
  /// same wall instant, the segment that follows is labelled with the strongest of them.
  public enum Start: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Nothing changed: the segment continues the previous one (split at an event time).
    case continued
    /// The session began.
    case sessionStart
    /// The speed changed.
    case speed
    /// The pitch changed.
    case pitch
    /// The loop points or the loop switch changed without moving the playhead.
    case loop
    /// Playback started.
    case play
    /// Playback paused.
    case pause
    /// The playhead was moved by a seek.
    case seek
    /// Playback stopped because the playhead reached the end of the track.
    case end
    /// Playback stopped at B after the last asked-for loop pass; the playhead went to A.
    case passesDone
    /// A loop edit caught a playhead at or beyond the new B and moved it to A.
    case capture
    /// The playhead reached B and wrapped to A.
    case wrap
    /// A track was loaded: playhead at 0, paused, loop cleared.
    case load

    /// Orders by precedence.
    public static func < (lhs: Start, rhs: Start) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name printed in tables and JSON (`"wrap"`, `"seek"`, ...).
    public var name: String {
      switch self {
      case .continued: "continued"
      case .sessionStart: "sessionStart"
      case .speed: "speed"
      case .pitch: "pitch"
      case .loop: "loop"
      case .play: "play"
      case .pause: "pause"
      case .end: "end"
      case .passesDone: "passesDone"
      case .seek: "seek"
      case .capture: "capture"
      case .wrap: "wrap"
      case .load: "load"
      }
    }
  }

  /// Wall time (seconds since the session started) at which the segment begins.
  public var wallStartSec: Double
  /// Wall time at which the segment ends.
  public var wallEndSec: Double
  /// Source position at `wallStartSec`.
  public var sourceStartSec: Double
  /// Source position at `wallEndSec` (equal to the start while paused).
  public var sourceEndSec: Double
  /// Source seconds per wall second while playing.
  public var speed: Double
  /// Transposition in semitones.
  public var pitchSemitones: Double
  /// Whether audio is playing during the segment (paused spans are silence).
  public var isPlaying: Bool
  /// Why the segment began.
  public var start: Start
  /// The count-in this segment is part of (the playhead holds and only clicks sound), if any.
  public var countIn: CountInSpan?
  /// True when the segment began with the loop taking the playhead back to A (a wrap at B, or a
  /// loop edit catching a playhead at or past B).
  public var looped: Bool { start == .wrap || start == .capture }

  /// Creates a segment.
  public init(
    wallStartSec: Double, wallEndSec: Double, sourceStartSec: Double, sourceEndSec: Double,
    speed: Double, pitchSemitones: Double, isPlaying: Bool, start: Start,
    countIn: CountInSpan? = nil
  ) {
    self.wallStartSec = wallStartSec
    self.wallEndSec = wallEndSec
    self.sourceStartSec = sourceStartSec
    self.sourceEndSec = sourceEndSec
    self.speed = speed
    self.pitchSemitones = pitchSemitones
    self.isPlaying = isPlaying
    self.start = start
    self.countIn = countIn
  }

  /// Wall seconds covered.
  public var wallDurationSec: Double { wallEndSec - wallStartSec }

  /// The source position at a wall time inside the segment.
  public func sourcePosition(atWallSec wall: Double) -> Double {
    guard isPlaying else { return sourceStartSec }
    return sourceStartSec + (wall - wallStartSec) * speed
  }
}
