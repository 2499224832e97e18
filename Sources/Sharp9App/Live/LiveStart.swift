import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// Where the device clock starts: frame 0 for a new session; for a continued one, one second
/// after the session's end, with playback as the log left it (replayed through the timeline
/// model, no audio). The gap is a paused span in the log, so the session stays one replayable
/// history and a later render of it covers both parts, the second starting in silence just as
/// the device did.
public struct LiveStart {
  /// The first device frame (its time is seconds since the session started).
  public var frame: Int64
  /// Playback as the earlier part left it, or nil for a new session.
  public var timeline: PlaybackTimeline?

  /// Seconds of silence between the end of a session and its continuation: longer than every
  /// fade, so the renderer's voices are silent where the device starts.
  public static let continuationGapSec = 1.0

  /// Where a session continuing `previous` (nil: a new one) starts on `audio`.
  public init(previous: SessionRecord?, store: any EventLog, audio: DecodedAudio) throws {
    guard let previous else {
      frame = 0
      timeline = nil
      return
    }
    let endSec = RecordedPlayback.endSec(of: previous)
    let meta = TrackMeta(name: audio.url.lastPathComponent, durationSec: audio.format.durationSec)
    let model = HeadlessTimelineEngine { _ in meta }
    _ = try RecordedPlayback.play(previous, from: store, into: model, endSec: endSec)
    frame = Int64(
      ((endSec + Self.continuationGapSec) * Double(audio.format.sampleRate)).rounded(.up))
    timeline = model.timeline
  }
}
