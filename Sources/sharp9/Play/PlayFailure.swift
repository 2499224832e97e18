import ArgumentParser
import Foundation

/// A player failure with its own exit status (sysexits.h: 66 no input, 69 unavailable): one
/// line on standard error, `sharp9: error: <message>`, then that status.
struct PlayFailure: Error, CustomStringConvertible {
  var message: String
  var exitCode: Int32
  var description: String { message }

  /// Runs `body`; a ``PlayFailure`` becomes its line and status, anything else goes through
  /// ``CommandFailure/reporting(_:)``.
  static func reporting(_ body: () throws -> Void) throws {
    try CommandFailure.reporting {
      do {
        try body()
      } catch let failure as PlayFailure {
        FileHandle.standardError.write(Data("sharp9: error: \(failure.message)\n".utf8))
        throw ExitCode(failure.exitCode)
      }
    }
  }
}
