import ArgumentParser
import Foundation

/// A failure a command reports as one line on standard error, `sharp9: error: <message>`, with
/// exit status 1 and nothing else printed.
struct CommandFailure: Error, CustomStringConvertible {
  /// What failed and, where it helps, what to do about it.
  var message: String

  init(_ message: String) { self.message = message }

  var description: String { message }

  /// Runs a command's body, turning any error other than the argument parser's own (usage
  /// errors, `--help`, exit codes) into the one-line report.
  static func reporting(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch {
      try report(error)
    }
  }

  /// ``reporting(_:)`` for an `async` command body.
  static func reporting(_ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch {
      try report(error)
    }
  }

  /// Rethrows the argument parser's own errors; prints anything else as the one-line report and
  /// exits with status 1.
  private static func report(_ error: any Error) throws -> Never {
    switch error {
    case is ExitCode, is ValidationError, is CleanExit:
      throw error
    default:
      FileHandle.standardError.write(Data("sharp9: error: \(error)\n".utf8))
      throw ExitCode.failure
    }
  }
}
