import ArgumentParser
import Foundation

/// A player failure with its own exit status (sysexits.h: 66 no input, 69 unavailable): one
/// line on standard error, `sharp9: error: <message>`, then that status.
struct PlayFailure: Error, CustomStringConvertible {
  var message: String
  var exitCode: Int32
  var description: String { message }

  /// Runs `body`; a ``PlayFailure`` becomes a ``CommandFailure`` with its status, reported like
  /// every other failure by ``CommandLineRun``.
  static func reporting(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let failure as PlayFailure {
      throw CommandFailure(ExitStatus(rawValue: failure.exitCode) ?? .unavailable, failure.message)
    }
  }
}
