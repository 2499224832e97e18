import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal (so logs and pipes
/// stay clean). Redraws only when the shown percentage changes.
///
/// Hand-written on purpose: the machine's only terminal-UI package (vapor/console-kit) pulls in
/// swift-nio and swift-log for what is 40 lines here.
final class ProgressBar {
  private let label: String
  private let enabled: Bool
  private let width = 30
  private var shownPercent = -1

  /// A bar titled `label`; silent unless stderr is a TTY.
  init(label: String) {
    self.label = label
    enabled = StandardStream.error.isTerminal
  }

  /// Shows `fraction` (0…1) done.
  func update(_ fraction: Double) {
    guard enabled else { return }
    let clamped = min(max(fraction, 0), 1)
    let percent = Int(clamped * 100)
    guard percent != shownPercent else { return }
    shownPercent = percent
    let filled = Int(clamped * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    StandardError.write("\r\(label) [\(bar)] \(percent)%")
  }

  /// Ends the line so later output starts on a fresh one (once; later calls do nothing).
  func finish() {
    guard enabled, shownPercent >= 0 else { return }
    shownPercent = -1
    StandardError.write("\n")
  }
}
