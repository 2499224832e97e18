import ArgumentParser
import Foundation
import Sharp9Store

/// The `--db` and `--store` options every store command takes: where the event log is.
///
/// Commands get their log from ``openLog(_:)`` (any backend); those that work on this machine's
/// own SQLite file (recording, calibration) take its path from ``sqlitePath(for:)``, which
/// refuses another backend with one line.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The sharp9 database file (default: $SHARP9_DB, else"
        + " $XDG_DATA_HOME/sharp9/sharp9.sqlite, else ~/.local/share/sharp9/sharp9.sqlite).",
      valueName: "path"))
  var path: String?

  @Option(
    name: .customLong("store"),
    help: ArgumentHelp(
      "The event store as a URL, instead of --db: sqlite:PATH, or"
        + " postgres://USER@HOST:PORT/DATABASE (a socket: postgres://USER@/DATABASE?host=DIR).",
      valueName: "url"))
  var url: String?

  func validate() throws {
    if path != nil, url != nil {
      throw ValidationError("give the store once: --db PATH or --store URL, not both")
    }
  }

  /// The store in effect: `--store`, else the SQLite file of `--db` (or the default).
  ///
  /// - Throws: ``StoreError/invalidStoreURL(url:reason:)`` (64) or ``CommandFailure`` (64).
  func location() throws -> StoreLocation {
    guard let url else { return .sqlite(path: try checkedPath()) }
    let location = try StoreLocation(url: url)
    if case .sqlite(let path) = location { _ = try Self.checked(path, option: "--store") }
    return location
  }

  /// The options as a command line would repeat them (` --db PATH`, ` --store URL` without its
  /// password), or nothing for the default database: for the next command a message suggests.
  var repeated: String {
    if let path { return " --db \(path)" }
    guard let url else { return "" }
    return " --store " + ((try? StoreLocation(url: url).description) ?? url)
  }

  /// The database file, when the store is an SQLite file (the inputs an output must not
  /// overwrite); `nil` for a server's store.
  var databaseFile: String? {
    guard let url else { return resolvedPath }
    guard case .sqlite(let path) = try? StoreLocation(url: url) else { return nil }
    return path
  }

  /// Opens the log, whichever backend the options name; commands that only read pass
  /// `.mustExist`, so a wrong path is an error.
  func openLog(_ mode: Database.OpenMode) throws -> any EventLog {
    try location().open(mode)
  }

  /// Where bundled audio is written when a bundle's recorded path does not hold it: the `audio/`
  /// folder beside the database file, or with a PostgreSQL store beside the default one.
  var bundledAudioDirectory: URL {
    // With --store postgres://…, --db is not given, so resolvedPath is the default file.
    URL(fileURLWithPath: databaseFile ?? resolvedPath).deletingLastPathComponent()
      .appending(path: "audio")
  }

  /// The database path in effect for `--db`.
  var resolvedPath: String {
    path ?? EventStore.defaultPath(environment: ProcessInfo.processInfo.environment)
  }

  /// The SQLite file of the options, or the refusal of another backend for `operation`.
  func sqlitePath(for operation: String) throws -> String {
    switch try location() {
    case .sqlite(let path): path
    case .postgres: throw StoreError.unsupported(operation: operation, backend: .postgres)
    }
  }

  /// Opens the log, creating an SQLite database when it is missing, and runs `body` on it.
  ///
  /// When this call created the SQLite file and `body` throws before any session is stored, the
  /// new file goes again (with its `-wal`, `-shm` and `-journal`): a refused first import leaves
  /// no empty database behind. An existing database is never removed.
  func withStoreCreatedIfMissing<Result>(_ body: (any EventLog) throws -> Result) throws
    -> Result
  {
    switch try location() {
    case .sqlite(let path): try Self.withSQLiteStore(at: path, body)
    case .postgres(let location): try body(PostgresStore(location: location))
    }
  }

  private static func withSQLiteStore<Result>(
    at path: String, _ body: (EventStore) throws -> Result
  ) throws -> Result {
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
    try Self.checked(resolvedPath, option: "--db")
  }

  /// `path`, refused when it cannot name a database file (given with `option`).
  private static func checked(_ path: String, option: String) throws -> String {
    guard !path.isEmpty else {
      throw CommandFailure(
        .usage, "invalid \(option): it is empty. Give the database file, e.g. --db sharp9.sqlite")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      let example = URL(fileURLWithPath: path).appending(path: "sharp9.sqlite").path
      throw CommandFailure(
        .usage,
        "invalid \(option) \(path): it is a directory. Give the database file in it, e.g. --db"
          + " \(example)"
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
