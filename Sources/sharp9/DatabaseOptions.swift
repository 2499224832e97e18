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

  /// Opens the store, creating the database when it is missing, and runs `body` on it.
  ///
  /// When this call created the database and `body` throws before any session is stored, the new
  /// file goes again (with its `-wal`, `-shm` and `-journal`): a refused first import leaves no
  /// empty database behind. An existing database is never removed.
  func withStoreCreatedIfMissing<Result>(_ body: (EventStore) throws -> Result) throws -> Result {
    let path = try checkedPath()
    let existed = FileManager.default.fileExists(atPath: path)
    var createdEmpty = false
    do {
      let store = try EventStore(path: path, mode: .createIfMissing)
      do {
        return try body(store)
      } catch {
        createdEmpty = !existed && (try? store.sessions().isEmpty) == true
        throw error
      }
    } catch {
      // `store` is released here, so its connection is closed before the files go.
      if createdEmpty {
        SQLiteFiles.remove(path)
      }
      throw error
    }
  }

  /// ``resolvedPath``, refused when it cannot name a database file: empty, or a directory.
  ///
  /// - Throws: ``CommandFailure`` (64) saying what to give instead.
  func checkedPath() throws -> String {
    let path = resolvedPath
    guard !path.isEmpty else {
      throw CommandFailure(
        .usage, "invalid --db: it is empty. Give the database file, e.g. --db sharp9.sqlite")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      let example = URL(fileURLWithPath: path).appending(path: "sharp9.sqlite").path
      throw CommandFailure(
        .usage,
        "invalid --db \(path): it is a directory. Give the database file in it, e.g. --db \(example)"
      )
    }
    return path
  }
}

/// The session argument of the commands that work on one session.
struct SessionArgument: ParsableArguments {
  @Argument(help: "The session's id, or a unique prefix of it (see `sharp9 sessions`).")
  var session: String
}
