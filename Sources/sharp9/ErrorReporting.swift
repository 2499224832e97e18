import ArgumentParser
import Foundation

/// Runs a command body; any error becomes one line `sharp9: error: …` on stderr and exit code 1.
///
/// Library errors describe themselves (what failed, why, what to do), so they are printed as
/// they are rather than through ArgumentParser's usage-and-help error screen.
func reportingErrors(_ body: () async throws -> Void) async throws {
  do {
    try await body()
  } catch let exit as ExitCode {
    throw exit
  } catch {
    FileHandle.standardError.write(Data("sharp9: error: \(error)\n".utf8))
    throw ExitCode.failure
  }
}
