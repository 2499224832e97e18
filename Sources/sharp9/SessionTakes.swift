import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The takes `render --with-takes` and `--takes-only` lay over the song: those the session keeps
/// at its end, each file found in the take library beside the database and checked against the
/// SHA-256 its `takeRecorded` event names.
enum SessionTakes {
  static func placements(
    of session: SessionRecord, in store: any EventLog, database: String
  ) throws -> [TakeMixSink.Placement] {
    let library = TakeLibrary(databasePath: database)
    let takes = try store.state(of: session, at: nil).recording.takes
    return try takes.map { take in
      let url = library.url(of: take.recording)
      let name = take.recording.libraryName
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw CommandFailure(
          .noInput,
          "cannot render take \(name): it is not in the take library beside the database."
            + " Copy the takes folder along with the database")
      }
      guard try AudioFileLocator.sha256(of: url) == take.recording.sha256 else {
        throw CommandFailure(
          .badData,
          "cannot render take \(name): its bytes no longer match its SHA-256. Restore the"
            + " take from a backup")
      }
      return TakeMixSink.Placement(file: url, startFrame: take.recording.startFrame)
    }
  }
}
