import Foundation
import Sharp9App

/// What `play` says about the takes it recovered (``TakeRecovery``): one line each.
enum RecoveredTakesText {
  /// Recovers the takes cut short by a crash of an earlier player or app (before this one
  /// records), prints a line for each, and returns the lines. Printed at once: kept in the
  /// terminal after the command ends, also when it cannot start.
  static func recover(_ takes: TakeLibrary) throws -> [String] {
    let recovered = lines(takes.recoverCutShortTakes())
    if !recovered.isEmpty {
      var out = StandardOutput()
      for line in recovered { out.line(line) }
      try out.flush()
    }
    return recovered
  }

  static func lines(_ recoveries: [TakeRecovery]) -> [String] {
    recoveries.map { recovery in
      switch recovery {
      case .recovered(let url, let frames, let sampleRate):
        let seconds = Double(frames) / Double(max(1, sampleRate))
        return
          "recovered a take cut short by a crash (\(seconds.formatted(.number.precision(.fractionLength(1)))) s,"
          + " not in any session): \(url.path)"
      case .failed(let name, let why):
        return "cannot recover the take cut short in \(name): \(why). It stays in the takes folder"
      }
    }
  }
}
