import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The audio glue the inspector needs from the app: where a session's audio is, what its timeline
/// and render are. The `sharp9` executable supplies the implementation `timeline` and `render`
/// use, so the pages show exactly what those commands print and write.
public protocol SessionMedia: Sendable {
  /// The session's source audio, checked against its recorded SHA-256.
  ///
  /// Every method throws ``SessionMediaProblem`` for what is wrong with the session's audio, and
  /// `AudioFileError` for a file that cannot be read or a render that cannot be written.
  func sourceAudio(of session: SessionRecord) throws -> URL

  /// The playback timeline and tick drift, as `sharp9 timeline ID --json --report` prints them.
  func timeline(of session: SessionRecord, in store: EventStore) throws -> SessionTimeline

  /// Writes what `sharp9 render ID -o FILE` writes with default options, in `container`.
  func render(
    _ session: SessionRecord, from store: EventStore, container: AudioContainer, to file: URL
  ) throws
}

/// Why a session's audio cannot give a timeline or a render: what a ``SessionMedia`` throws for
/// it, so the server words it (a 409) without the glue's paths or command-line advice.
public enum SessionMediaProblem: Error, Sendable, Equatable {
  /// The session records no audio file.
  case noRecordedAudio
  /// The file is neither at the recorded path nor where it was found.
  case missing
  /// The file there is not the one recorded (its SHA-256 differs).
  case changed
  /// The timeline needs the track's length, and nothing records it.
  case trackLengthUnknown
}

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
}
