import ArgumentParser
import Foundation
import Sharp9Store

/// The `--db` option every store command takes.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The sharp9 database file (default: $SHARP9_DB, else"
        + " $XDG_DATA_HOME/sharp9/sharp9.sqlite, else ~/.local/share/sharp9/sharp9.sqlite).",
      valueName: "path"))
  var path: String?

  /// The database path in effect.
  var resolvedPath: String {
    path ?? EventStore.defaultPath(environment: ProcessInfo.processInfo.environment)
  }

  /// Opens the store; commands that only read pass `.mustExist`, so a wrong path is an error.
  func open(_ mode: Database.OpenMode) throws -> EventStore {
    try EventStore(path: resolvedPath, mode: mode)
  }
}

/// The session argument of the commands that work on one session.
struct SessionArgument: ParsableArguments {
  @Argument(help: "The session's id, or a unique prefix of it (see `sharp9 sessions`).")
  var session: String
}
