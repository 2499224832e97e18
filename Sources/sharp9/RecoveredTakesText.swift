import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// What `play` says about the takes it recovered (``TakeRecovery``): one line each. A placed
/// take is logged in its session by `log` first.
enum RecoveredTakesText {
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
