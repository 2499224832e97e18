import Foundation
import HTTPTypes
import Hummingbird
import Sharp9App
import Sharp9Store

/// The routes that change the database (each needs the token, see ``TokenGuard``): import a
/// bundle, fork a session, delete one. Also the bundle download, which writes a temporary file.
extension InspectorServer {
  func addChangeRoutes(to router: Router<some RequestContext>) {
    let (library, configuration) = (library, configuration)
    let uploads = configuration.workDirectory.appending(path: "uploads")
    router.post("/api/bundles") { request, _ in
      if let length = try request.seq(header: .contentLength),
        length > configuration.maxUploadBytes
      {
        throw APIFailure(
          .contentTooLarge, "a bundle may be at most \(configuration.maxUploadBytes) bytes")
      }
      var request = request
      let body: ByteBuffer
      do {
        body = try await request.collectBody(upTo: configuration.maxUploadBytes)
      } catch {
        throw APIFailure(
          .contentTooLarge, "a bundle may be at most \(configuration.maxUploadBytes) bytes")
      }
      // A bundle is an SQLite file: anything else (nothing, text, noise) is refused unread.
      guard body.readableBytesView.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
        throw APIFailure(
          .unprocessableContent,
          body.readableBytes == 0
            ? "the upload is empty; send a .sharp9 bundle" : APIErrorAnswer.notABundle)
      }
      try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
      let file = uploads.appending(path: "\(UUID().uuidString).sharp9")
      defer { SQLiteFiles.remove(file.path) }
      try Data(body.readableBytesView).write(to: file)
      guard
        let audioDirectory = configuration.bundleAudioDirectory
          ?? library.path.map({
            URL(fileURLWithPath: $0).deletingLastPathComponent().appending(path: "audio")
          })
      else { throw library.notOnThisBackend("importing a bundle") }
      let result: SessionBundle.ImportResult
      do {
        result = try await library.withLog { log in
          try UntrustedBundle.importBundle(
            at: file.path, into: log, audioDirectory: audioDirectory)
        }
      } catch {
        throw UploadFailure(underlying: error)
      }
      return try APIResponse.json(
        APIShapes.Changed(
          id: result.session.idString, title: result.session.title,
          events: result.session.eventCount, alreadyPresent: result.alreadyPresent),
        status: result.alreadyPresent ? .ok : .created)
    }
    router.post("/api/sessions/:id/fork") { request, context in
      guard let at = try request.seq("at") else {
        throw APIFailure(.badRequest, "fork needs ?at=N (the events to keep)")
      }
      guard at >= 1 else {
        throw APIFailure(
          .badRequest, "fork needs at=1 or more: a session needs at least one event")
      }
      let id = try context.id
      let fork = try await library.withLog { store in
        try store.fork(
          try store.session(matching: id), at: at, sharp9Version: configuration.sharp9Version)
      }
      return try APIResponse.json(
        APIShapes.Changed(id: fork.idString, title: fork.title, events: fork.eventCount),
        status: .created)
    }
    // Takes live beside an SQLite database only: the ones no session names any more go with
    // the session deleted, as with `sharp9 delete`.
    let takes = TakeLibrary(besideStore: library.location)
    router.delete("/api/sessions/:id") { _, context in
      let id = try context.id
      let session = try await library.withLog { log in
        let session = try log.session(matching: id)
        try log.deleteSession(session.id)
        // After the deletion, which stands: a takes folder that cannot be read is left as it is.
        _ = try? takes?.removeTakes(notNamedBy: { try log.namedTakes() }, now: Date())
        return session
      }
      return try APIResponse.json(
        APIShapes.Changed(id: session.idString, title: session.title, events: session.eventCount))
    }
    router.get("/api/sessions/:id/bundle.sharp9") { request, context in
      let session = try await library.session(try context.id)
      let withAudio = request.uri.queryParameters["audio"] == "1"
      let file = configuration.workDirectory.appending(path: "\(UUID().uuidString).sharp9")
      defer { SQLiteFiles.remove(file.path) }
      let bytes = try await library.withOwnLog { log in
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SessionBundle.write(
          session, from: log, to: file.path, withAudio: withAudio,
          sharp9Version: configuration.sharp9Version)
        return try Data(contentsOf: file)
      }
      return APIResponse.bytes(
        bytes, type: "application/vnd.sqlite3",
        headers: [
          .contentDisposition: "attachment; filename=\"\(session.idString.prefix(8)).sharp9\""
        ])
    }
  }
}
