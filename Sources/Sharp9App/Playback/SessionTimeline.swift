import Foundation
import Sharp9Domain
import Sharp9Store

/// A session's playback timeline: its segments and how recorded ticks compared with them.
public struct SessionTimeline: Sendable, Encodable {
  /// The segments, as `sharp9 timeline --json` prints them.
  public var segments: [TimelineSegment]
  /// The tick drift summary, as `--report` adds it.
  public var drift: TickDriftReport
  /// Recorded tick positions minus the model's, thinned to at most ``maxDriftPoints``.
  public var driftPoints: [DriftPoint]

  /// At most this many drift points are kept for the chart.
  public static let maxDriftPoints = 2000

  /// One tick: when, and how far the engine's position was from the model's.
  public struct DriftPoint: Sendable, Encodable {
    /// Seconds since the session started.
    public var t: Double
    /// Recorded minus model position, seconds.
    public var driftSec: Double

    /// Creates a point.
    public init(t: Double, driftSec: Double) {
      self.t = t
      self.driftSec = driftSec
    }
  }

  /// Creates a timeline.
  public init(segments: [TimelineSegment], drift: TickDriftReport, driftPoints: [DriftPoint]) {
    self.segments = segments
    self.drift = drift
    self.driftPoints = driftPoints
  }

  /// Why a session has no timeline: the layout needs the track's length, and neither the
  /// session's metadata, its audio file nor its events say it.
  public struct TrackLengthUnknown: Error, Sendable, Equatable {
    /// The session, as its id prints.
    public var session: String
  }

  /// The timeline of `session` (no drift points): its events replayed through the playback
  /// model with the track's length from its metadata, `audio` when given, its audio file or
  /// the length it reported. `sharp9 timeline` prints it and the server shows it.
  ///
  /// - Throws: ``TrackLengthUnknown``; ``SessionAudioFile/Problem`` when `audio` is not there.
  public static func of(_ session: SessionRecord, in log: any EventLog, audio: String? = nil)
    throws -> SessionTimeline
  {
    guard let duration = try SessionAudioFile.durationSec(of: session, log: log, override: audio)
    else { throw TrackLengthUnknown(session: session.idString) }
    var segments = TimelineSegmentLog()
    let engine = HeadlessTimelineEngine { url in
      TrackMeta(name: url.lastPathComponent, durationSec: duration)
    }
    engine.onSegment = { segments.append($0) }
    let drift = try RecordedPlayback.play(
      session, from: log, into: engine, endSec: RecordedPlayback.endSec(of: session))
    return SessionTimeline(segments: segments.segments, drift: drift, driftPoints: [])
  }
}
