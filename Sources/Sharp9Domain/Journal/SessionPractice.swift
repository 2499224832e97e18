import Foundation

/// What one session's practice was, independent of any calendar: the stretches of wall time spent
/// playing at one speed and when each loop pass ended, in seconds since the
/// session started. The journal splits them into days; the store keeps them per session, so a
/// journal of a year of sessions reads summaries instead of replaying every event.
public struct SessionPractice: Sendable, Equatable, Hashable, Codable {
  /// A stretch of wall time spent playing at one speed without a pause.
  public struct PlayingSpan: Sendable, Equatable, Hashable, Codable {
    /// Wall seconds since the session started.
    public var startSec: Double
    /// Wall seconds since the session started (after ``startSec``).
    public var endSec: Double
    /// The speed heard.
    public var speed: Double

    /// Creates a span.
    public init(startSec: Double, endSec: Double, speed: Double) {
      self.startSec = startSec
      self.endSec = endSec
      self.speed = speed
    }
  }

  /// The stretches spent playing, in order.
  public var spans: [PlayingSpan]
  /// When each loop pass ended (a wrap at B, or the stop after the last asked-for pass).
  public var passEndsSec: [Double]

  /// Creates a summary.
  public init(spans: [PlayingSpan] = [], passEndsSec: [Double] = []) {
    self.spans = spans
    self.passEndsSec = passEndsSec
  }

  /// The summary of a session's playback timeline: adjacent playing segments at one speed join
  /// into one span (wraps split nothing; a speed change does, so each day gets its own speeds).
  public init(segments: [TimelineSegment]) {
    self.init()
    for segment in segments {
      if segment.start == .wrap || segment.start == .passesDone {
        passEndsSec.append(segment.wallStartSec)
      }
      guard segment.isPlaying, segment.wallEndSec > segment.wallStartSec else { continue }
      if let last = spans.last, last.endSec == segment.wallStartSec, last.speed == segment.speed {
        spans[spans.count - 1].endSec = segment.wallEndSec
      } else {
        spans.append(
          PlayingSpan(
            startSec: segment.wallStartSec, endSec: segment.wallEndSec, speed: segment.speed))
      }
    }
  }
}
