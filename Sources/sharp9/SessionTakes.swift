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
      TakeMixSink.Placement(
        file: try checkedFile(of: take.recording, in: library),
        startFrame: take.recording.startFrame)
    }
  }

  /// Reads a take the session listened back to, from the take library beside `database`
  /// (checked against its SHA-256 like the takes laid over the song).
  static func listenedAudio(database: String) -> (TakeRecording) throws -> DecodedAudio {
    let library = TakeLibrary(databasePath: database)
    return { take in try DecodedAudio(url: checkedFile(of: take, in: library)) }
  }

  /// The take's file in `library`, there and with the bytes its SHA-256 names.
  private static func checkedFile(of take: TakeRecording, in library: TakeLibrary) throws -> URL {
    do {
      return try library.checkedURL(of: take)
    } catch TakeLibrary.Problem.missing {
      throw CommandFailure(
        .noInput,
        "cannot render take \(take.libraryName): it is not in the take library beside the"
          + " database. Copy the takes folder along with the database")
    } catch TakeLibrary.Problem.notAFile, TakeLibrary.Problem.unreadable {
      throw CommandFailure(
        .noInput,
        "cannot render take \(take.libraryName): it is not a readable file. Restore the take"
          + " from a backup")
    } catch TakeLibrary.Problem.changed {
      throw CommandFailure(
        .badData,
        "cannot render take \(take.libraryName): its bytes no longer match its SHA-256. Restore"
          + " the take from a backup")
    }
  }
}
