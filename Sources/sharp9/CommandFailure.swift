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
    } catch let error as ExitCode {
      throw error
    } catch let error as ValidationError {
      throw error
    } catch let error as CleanExit {
      throw error
    } catch {
      FileHandle.standardError.write(Data("sharp9: error: \(error)\n".utf8))
      throw ExitCode.failure
    }
  }
}
