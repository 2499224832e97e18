import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Server
import Sharp9Store

/// The audio glue `sharp9 timeline` and `sharp9 render` use, handed to the inspector so its
/// timeline and renders are the commands' own.
struct CLISessionMedia: SessionMedia {
  func sourceAudio(of session: SessionRecord) throws -> URL {
    try Self.problems { try SessionAudioFile.resolve(session, override: nil, force: false) }
  }

  func timeline(of session: SessionRecord, in store: EventStore) throws -> SessionTimeline {
    let (segments, drift) = try Self.problems {
      do {
        return try TimelineCommand.segments(of: session, in: store, audio: nil)
      } catch is CommandFailure {
        // The one failure `segments` reports itself: no recorded length and no audio to read.
        throw SessionMediaProblem.trackLengthUnknown
      }
    }
    return SessionTimeline(segments: segments, drift: drift, driftPoints: [])
  }

  func render(
    _ session: SessionRecord, from store: EventStore, container: AudioContainer, to file: URL
  ) throws {
    _ = try RenderCommand.render(
      session, from: store, source: try sourceAudio(of: session), to: file, container: container,
      settings: RenderSettings(toSec: RecordedPlayback.endSec(of: session)))
  }

  /// Runs `body`, turning the app's audio problems into the server's.
  private static func problems<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let problem as SessionAudioFile.Problem {
      switch problem {
      case .noRecordedAudio: throw SessionMediaProblem.noRecordedAudio
      case .missing: throw SessionMediaProblem.missing
      case .notTheRecordedFile: throw SessionMediaProblem.changed
      }
    }
  }
}
