import Foundation

/// A silent ``VirtualClockEngine``: follows the timeline and hands every segment it covers to
/// `onSegment`. `sharp9 timeline` drives it; a recorder without audio can too.
public final class HeadlessTimelineEngine: VirtualClockEngine {
  /// The model the engine follows.
  public var timeline: PlaybackTimeline
  /// Called with every segment, in order, as the clock advances.
  public var onSegment: ((TimelineSegment) -> Void)?
  private let resolveTrack: (URL) throws -> TrackMeta

  /// Creates an engine whose loads are answered by `resolveTrack` (for example from the session's
  /// recorded audio metadata, so no audio file is needed).
  public init(
    timeline: PlaybackTimeline = PlaybackTimeline(),
    resolveTrack: @escaping (URL) throws -> TrackMeta
  ) {
    self.timeline = timeline
    self.resolveTrack = resolveTrack
  }

  /// Asks the owner for the track's metadata.
  public func trackMeta(for url: URL) throws -> TrackMeta { try resolveTrack(url) }

  /// Moves the clock, reporting each segment covered.
  public func advance(toWallSec wallSec: Double) {
    timeline.advance(toWallSec: wallSec) { onSegment?($0) }
  }
}
