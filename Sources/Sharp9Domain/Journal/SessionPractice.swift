import Foundation

/// What one session's practice was, independent of any calendar: the stretches of wall time spent
/// playing at one speed and pitch, and each loop pass (when it ended, which loop, at what speed,
/// and whether it followed the previous pass without a break), in seconds since the session
/// started. The journal splits them into days; the store keeps them per session, so a journal of
/// a year of sessions reads summaries instead of replaying every event.
public struct SessionPractice: Sendable, Equatable, Hashable, Codable {
  /// A stretch of wall time spent playing at one speed and pitch without a pause.
  public struct PlayingSpan: Sendable, Equatable, Hashable, Codable {
    /// Wall seconds since the session started.
    public var startSec: Double
    /// Wall seconds since the session started (after ``startSec``).
    public var endSec: Double
    /// The speed heard.
    public var speed: Double
    /// The transposition heard, in semitones.
    public var pitchSemitones: Double

    /// Creates a span.
    public init(startSec: Double, endSec: Double, speed: Double, pitchSemitones: Double = 0) {
      self.startSec = startSec
      self.endSec = endSec
      self.speed = speed
      self.pitchSemitones = pitchSemitones
    }
  }

  /// One loop pass: the loop from A to B played through to B.
  public struct Pass: Sendable, Equatable, Hashable, Codable {
    /// When it ended (the wrap at B, or the stop after the last asked-for pass), in wall seconds
    /// since the session started.
    public var endSec: Double
    /// The loop's start, in source seconds.
    public var aSec: Double
    /// The loop's end, in source seconds.
    public var bSec: Double
    /// The speed it ended at (a trainer's steps fall between passes, so the pass's speed).
    public var speed: Double
    /// Whether it followed the previous pass of this loop with nothing between (no pause, seek,
    /// stop or loop edit): passes "in a row".
    public var continuesRun: Bool

    /// Creates a pass.
    public init(endSec: Double, aSec: Double, bSec: Double, speed: Double, continuesRun: Bool) {
      self.endSec = endSec
      self.aSec = aSec
      self.bSec = bSec
      self.speed = speed
      self.continuesRun = continuesRun
    }
  }

  /// The stretches spent playing, in order.
  public var spans: [PlayingSpan]
  /// The loop passes, in order.
  public var passes: [Pass]

  /// Creates a summary.
  public init(spans: [PlayingSpan] = [], passes: [Pass] = []) {
    self.spans = spans
    self.passes = passes
  }

  /// The summary of a session's playback timeline: adjacent playing segments at one speed and
  /// pitch join into one span (wraps split nothing; a speed or pitch change does, so each day gets
  /// its own). A pass ends where a segment begins with a wrap or the last pass's stop: the loop
  /// is the playing segment before it (its end is B) and the new segment's start (A).
  public init(segments: [TimelineSegment]) {
    self.init()
    var lastPlaying: TimelineSegment?
    var runUnbroken = false
    for segment in segments {
      if segment.start == .wrap || segment.start == .passesDone, let ended = lastPlaying {
        let (a, b) = (segment.sourceStartSec, ended.sourceEndSec)
        let sameLoop = passes.last.map { $0.aSec == a && $0.bSec == b } ?? false
        passes.append(
          Pass(
            endSec: segment.wallStartSec, aSec: a, bSec: b, speed: ended.speed,
            continuesRun: runUnbroken && sameLoop))
        runUnbroken = segment.start == .wrap
      } else if ![.continued, .speed, .pitch].contains(segment.start) {
        runUnbroken = false
      }
      if segment.isPlaying, segment.countIn == nil { lastPlaying = segment }
      guard segment.isPlaying, segment.wallEndSec > segment.wallStartSec else { continue }
      if let last = spans.last, last.endSec == segment.wallStartSec, last.speed == segment.speed,
        last.pitchSemitones == segment.pitchSemitones
      {
        spans[spans.count - 1].endSec = segment.wallEndSec
      } else {
        spans.append(
          PlayingSpan(
            startSec: segment.wallStartSec, endSec: segment.wallEndSec, speed: segment.speed,
            pitchSemitones: segment.pitchSemitones))
      }
    }
  }
}
