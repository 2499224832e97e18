import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// What `play` and `app` say about the takes they recovered (``TakeRecovery``): one line each.
/// A placed take is logged in its session first.
enum RecoveredTakesText {
  /// Recovers the takes cut short by a crash of an earlier player or app (before this one
  /// records), logs those placed in their sessions of the SQLite database at `databasePath`,
  /// prints a line for each, and returns the lines. Printed at once: kept in the terminal after
  /// the command ends, also when it cannot start.
  static func recover(_ takes: TakeLibrary, databasePath: String) throws -> [String] {
    let recovered = lines(takes.recoverCutShortTakes()) { take, session in
      let store = try EventStore(path: databasePath, mode: .mustExist)
      return try TakeRecovery.log(take, in: session, into: store)
    }
    if !recovered.isEmpty {
      var out = StandardOutput()
      for line in recovered { out.line(line) }
      try out.flush()
    }
    return recovered
  }

  static func lines(
    _ recoveries: [TakeRecovery],
    log: (TakeRecording, UUID) throws -> SessionRecord
  ) -> [String] {
    recoveries.map { recovery in
      switch recovery {
      case .placed(let take, let session, let sampleRate):
        let length = seconds(take.endFrame - take.startFrame, sampleRate)
        do {
          let record = try log(take, session)
          return "recovered a take cut short by a crash (\(length) s) into its session"
            + " \(record.idString)"
        } catch {
          return "recovered a take cut short by a crash (\(length) s) as \(take.libraryName), but"
            + " could not log it in its session: \(ErrorReport(error).message)"
        }
      case .recovered(let url, let frames, let sampleRate):
        return
          "recovered a take cut short by a crash (\(seconds(frames, sampleRate)) s,"
          + " not in any session): \(url.path)"
      case .failed(let name, let why):
        return "cannot recover the take cut short in \(name): \(why). It stays in the takes folder"
      }
    }
  }

  private static func seconds(_ frames: Int64, _ sampleRate: Int) -> String {
    (Double(frames) / Double(max(1, sampleRate))).formatted(.number.precision(.fractionLength(1)))
  }
}
