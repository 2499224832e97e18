import Foundation
import Sharp9App

/// What `play` says about the takes it recovered (``TakeRecovery``): one line each.
enum RecoveredTakesText {
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
