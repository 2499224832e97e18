import Foundation
import Hummingbird
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The routes about audio: the played timeline, the waveform peaks and the render.
extension InspectorServer {
  func addMediaRoutes(to router: Router<some RequestContext>) {
    let (library, media, renders) = (library, media, renders)
    router.get("/api/sessions/:id/timeline") { _, context in
      let session = try await library.session(try context.id)
      // Computed and written on a thread of its own and kept as text: a million events make tens
      // of thousands of segments, and writing them is work the cooperative pool must not hold.
      let text = try await library.cached("timeline", of: session) { store in
        var timeline = try audioProblem { try media.timeline(of: session, in: store) }
        timeline.driftPoints = try DriftPoints.of(session, in: store, segments: timeline.segments)
        return try Interchange.string(timeline)
      }
      return APIResponse.json(text)
    }
    router.get("/api/sessions/:id/peaks") { request, context in
      let buckets = min(max(try request.int("buckets") ?? 1000, 1), 100_000)
      let session = try await library.session(try context.id)
      let source = try audioProblem { try media.sourceAudio(of: session) }
      let peaks = try await WaveformPeakComputer().computePeaks(url: source, targetBuckets: buckets)
      // The bytes `sharp9 peaks FILE --json` prints.
      let data = try Interchange.encoder().encode(peaks)
      return APIResponse.json(String(decoding: data, as: UTF8.self))
    }
    for container in AudioContainer.allCases {
      router.get("/api/sessions/:id/render.\(container.rawValue)") { request, context in
        let session = try await library.session(try context.id)
        let file = try await renders.file(of: session, container: container) { url in
          let store = try library.ownStore()
          try audioProblem { try media.render(session, from: store, container: container, to: url) }
        }
        return try APIResponse.file(
          file.handle, size: file.size, type: container == .wav ? "audio/wav" : "audio/flac",
          request: request)
      }
    }
  }
}

/// Runs `body`; what the audio glue throws (no audio recorded, the file missing or changed, the
/// track's length unknown) is a 409 carrying its sentence, not a server fault. The database's
/// failures and a render that cannot be written go on to ``APIErrorAnswer`` as they are.
private func audioProblem<Result>(_ body: () throws -> Result) throws -> Result {
  do {
    return try body()
  } catch let error as AudioFileError where error.kind != .writeFailed {
    throw APIFailure(.conflict, "\(error)")
  } catch let error where error is AudioFileError || APIErrorAnswer.isDatabaseFailure(error) {
    throw error
  } catch {
    throw APIFailure(.conflict, "\(error)")
  }
}
