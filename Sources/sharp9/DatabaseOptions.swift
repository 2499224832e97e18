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
    try EventStore(path: try checkedPath(), mode: mode)
  }

  /// ``resolvedPath``, refused when it cannot name a database file: empty, or a directory.
  ///
  /// - Throws: ``CommandFailure`` (64) saying what to give instead.
  func checkedPath() throws -> String {
    let path = resolvedPath
    guard !path.isEmpty else {
      throw CommandFailure(.usage, "--db is empty. Give the database file, e.g. --db sharp9.sqlite")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      let example = URL(fileURLWithPath: path).appending(path: "sharp9.sqlite").path
      throw CommandFailure(
        .usage, "--db \(path) is a directory. Give the database file in it, e.g. --db \(example)")
    }
    return path
  }
}

/// The session argument of the commands that work on one session.
struct SessionArgument: ParsableArguments {
  @Argument(help: "The session's id, or a unique prefix of it (see `sharp9 sessions`).")
  var session: String
}
