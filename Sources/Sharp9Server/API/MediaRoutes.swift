import Foundation
import Hummingbird
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The routes about audio: the played timeline, the waveform peaks and the render.
extension InspectorServer {
  func addMediaRoutes(to router: Router<some RequestContext>) {
    let (library, renders) = (library, renders)
    // Takes are kept beside an SQLite database only: on another store, a session that listened
    // back to one is not rendered here (409).
    let takes = TakeLibrary(besideStore: library.location)
    router.get("/api/sessions/:id/timeline") { _, context in
      let session = try await library.session(try context.id)
      // Computed and written on a thread of its own and kept as text: a million events make tens
      // of thousands of segments, and writing them is work the cooperative pool must not hold.
      let text = try await library.cached("timeline", of: session) { store in
        var timeline = try audioProblem { try SessionTimeline.of(session, in: store) }
        timeline.driftPoints = try DriftPoints.of(session, in: store, segments: timeline.segments)
        return try Interchange.string(timeline)
      }
      return APIResponse.json(text)
    }
    router.get("/api/sessions/:id/peaks") { request, context in
      let buckets = min(max(try request.int("buckets") ?? 1000, 1), 100_000)
      let session = try await library.session(try context.id)
      let source = try audioProblem {
        try SessionAudioFile.resolve(session, override: nil, force: false)
      }
      let peaks = try await WaveformPeakComputer().computePeaks(url: source, targetBuckets: buckets)
      // The bytes `sharp9 peaks FILE --json` prints.
      let data = try Interchange.encoder().encode(peaks)
      return APIResponse.json(String(decoding: data, as: UTF8.self))
    }
    for container in AudioContainer.allCases {
      router.get("/api/sessions/:id/render.\(container.rawValue)") { request, context in
        let session = try await library.session(try context.id)
        let file = try await renders.file(of: session, container: container) { url in
          let store = try library.ownLog()
          try audioProblem {
            try SessionRender.renderWhole(
              session, from: store, takes: takes, container: container, to: url)
          }
        }
        return try APIResponse.file(
          file.handle, size: file.size, type: container == .wav ? "audio/wav" : "audio/flac",
          request: request)
      }
    }
  }
}

/// Runs `body`; what the audio glue throws (no audio recorded, the file missing, changed or
/// unreadable, the track's length unknown, a take heard missing or changed) is a 409 with a sentence of its own, which names no
/// path and gives no command-line advice. A render that cannot be written and the database's
/// failures go on to ``APIErrorAnswer`` as they are.
private func audioProblem<Result>(_ body: () throws -> Result) throws -> Result {
  do {
    return try body()
  } catch let error as AudioFileError {
    switch error.kind {
    case .createFailed, .writeFailed, .unsupportedOutput: throw error
    case .notFound: throw APIFailure(.conflict, "the session's audio file is not there any more")
    case .notAFile:
      throw APIFailure(.conflict, "the session's audio path names a folder or a device, not a file")
    case .unreadable:
      throw APIFailure(.conflict, "the session's audio file cannot be opened (its permissions)")
    case .empty, .unsupportedFormat, .malformed, .truncated:
      throw APIFailure(.conflict, "the session's audio file is damaged or is not audio")
    }
  } catch let problem as SessionAudioFile.Problem {
    switch problem {
    case .noRecordedAudio:
      throw APIFailure(.conflict, "the session records no audio file")
    case .missing:
      throw APIFailure(
        .conflict, "the session's audio file is not where it was recorded, nor where it was found")
    case .notTheRecordedFile:
      throw APIFailure(.conflict, "the session's audio file has changed since it was recorded")
    }
  } catch is SessionTimeline.TrackLengthUnknown {
    throw APIFailure(.conflict, "the session's track length is unknown without its audio file")
  } catch is ListenedTakeUnavailable {
    throw APIFailure(
      .conflict,
      "the session listened back to a take, and this server keeps no takes (they are kept beside"
        + " an SQLite database)")
  } catch let problem as TakeLibrary.Problem {
    switch problem {
    case .missing:
      throw APIFailure(
        .conflict, "a take the session listened back to is not in the take library any more")
    case .notAFile, .unreadable:
      throw APIFailure(.conflict, "a take the session listened back to cannot be read")
    case .changed:
      throw APIFailure(
        .conflict, "a take the session listened back to has changed since it was recorded")
    }
  }
}
