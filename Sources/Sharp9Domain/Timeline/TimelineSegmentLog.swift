/// Segments as a reader wants them: consecutive pieces that only differ because an event time
/// split them (same playing state, speed, pitch and a continuous source position) are joined.
public struct TimelineSegmentLog: Sendable, Equatable {
  /// The joined segments, in wall order.
  public private(set) var segments: [TimelineSegment] = []

  /// Creates an empty log.
  public init() {}

  /// Appends `segment`, joining it to the last one when it merely continues it.
  public mutating func append(_ segment: TimelineSegment) {
    guard segment.wallEndSec > segment.wallStartSec else { return }
    if let last = segments.last, segment.start == .continued,
      last.isPlaying == segment.isPlaying, last.countIn == segment.countIn,
      last.speed == segment.speed,
      last.pitchSemitones == segment.pitchSemitones,
      abs(last.sourceEndSec - segment.sourceStartSec) < 1e-9
    {
      segments[segments.count - 1].wallEndSec = segment.wallEndSec
      segments[segments.count - 1].sourceEndSec = segment.sourceEndSec
    } else {
      segments.append(segment)
    }
  }
}
