import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs one `sharp9` command line and turns its outcome into an exit status: the single place
/// where errors are printed and statuses chosen.
///
/// - A result printed with ``StandardOutput`` and no error: status 0.
/// - A ``CommandFailure``, a library error or an ``OutputFailure``: one line
///   `sharp9: error: …` on standard error (see ``ErrorReport``) and its ``ExitStatus``.
/// - A usage error of the argument parser: the same one line, ending with where to find help,
///   and status 64.
/// - `--help`, `--version`, `--generate-completion-script`: their text on standard output, 0.
/// - `ExitCode(1)` thrown by a command that found a problem (verify, check): status 1 as is.
enum CommandLineRun {
  /// Parses and runs `arguments` (without the program name) and returns the exit status.
  static func run(_ arguments: [String]) async -> Int32 {
    if arguments.first == "help", let unknown = unknownCommand(in: arguments.dropFirst()) {
      // The argument parser would print the top-level help and succeed.
      return report(
        CommandFailure(.usage, "there is no command \"\(unknown)\". See `sharp9 --help`"))
    }
    do {
      var command = try Sharp9Command.parseAsRoot(arguments)
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
      return ExitStatus.ok.rawValue
    } catch {
      return report(error)
    }
  }

  /// Prints what `error` calls for and returns the status.
  static func report(_ error: any Error) -> Int32 {
    if let exit = error as? ExitCode { return exit.rawValue }
    let parserStatus = Sharp9Command.exitCode(for: error)
    if parserStatus == .success {
      // --help, --version, the completion script: text for standard output.
      var output = StandardOutput()
      output.line(Sharp9Command.fullMessage(for: error))
      do { try output.flush() } catch { return report(error) }
      return ExitStatus.ok.rawValue
    }
    var report = ErrorReport(error)
    if report.status == .internalError, parserStatus == .validationFailure {
      report = usage(error)
    }
    if let output = error as? OutputFailure, output.isClosedPipe, output.committed == nil {
      // `sharp9 log ID | head`: the reader has what it wanted; no message, status 74.
      return report.status.rawValue
    }
    StandardError.line(report.line)
    return report.status.rawValue
  }

  /// The first name in `path` (`help render`, `help nosuch`) that names no command.
  private static func unknownCommand(in path: ArraySlice<String>) -> String? {
    var command: any ParsableCommand.Type = Sharp9Command.self
    for name in path where !name.hasPrefix("-") {
      let match = command.configuration.subcommands.first {
        ($0.configuration.commandName ?? "") == name
      }
      guard let match else { return name }
      command = match
    }
    return nil
  }

  /// A usage error in the common format: the parser's message and where to read the help.
  private static func usage(_ error: any Error) -> ErrorReport {
    var message = Sharp9Command.message(for: error)
    while message.hasSuffix(".") || message.hasSuffix("\n") { message.removeLast() }
    let full = Sharp9Command.fullMessage(for: error)
    if let start = full.range(of: "See '"), let end = full[start.upperBound...].firstIndex(of: "'")
    {
      message += ". See `\(full[start.upperBound..<end])`"
    }
    return ErrorReport(.usage, message)
  }
}

extension Sharp9Command {
  /// The program's entry point: runs the command line through ``CommandLineRun`` instead of the
  /// argument parser's own `main`, which prints its own error format and exit statuses.
  static func main() async {
    StandardStream.reportClosedPipesAsErrors()
    let status = await CommandLineRun.run(Array(CommandLine.arguments.dropFirst()))
    terminate(status)
  }
}

/// `exit(3)`, under a name the argument parser's `exit(withError:)` does not shadow.
private func terminate(_ status: Int32) -> Never { exit(status) }
