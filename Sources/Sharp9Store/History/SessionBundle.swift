import CSQLite
import Crypto
import Foundation
import Sharp9Domain

/// A session in one self-contained file (`FILE.sharp9`) for bug reports and sharing: a sharp9
/// database (so `--db FILE.sharp9` reads it like any other) holding one session with its events,
/// checkpoints and versions, a manifest, and optionally the source audio as a blob.
///
/// The session keeps its id, so importing the same bundle twice finds it already there. Writing
/// goes to a temporary file in the destination's directory, renamed over the destination only when
/// complete: a failed bundle never leaves a partial file.
public enum SessionBundle {
  /// The manifest format this sharp9 writes and reads.
  public static let format = "1"

  /// The bundle's own tables, next to the event log's, in the database attached as `name`
  /// (`main` when the bundle is the connection's own). Not a migration: they exist only in
  /// bundles, and an event log opened with `--db` must not grow them.
  static func schema(in name: String) -> String {
    """
    CREATE TABLE IF NOT EXISTS \(name).bundle_manifest (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
    CREATE TABLE IF NOT EXISTS \(name).bundle_audio (
      session_id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      bytes BLOB NOT NULL
    ) STRICT;
    """
  }

  /// The session columns copied between databases (all but the local `pk`).
  static let sessionColumns = """
    id, title, created_ms, started_ms, ended_ms, audio_path, audio_sha256, audio_frames,
    audio_sample_rate, audio_channels, sharp9_version, reducer_version, event_count, last_t
    """

  /// Writes `session` of `store` to a bundle at `path`, replacing any file there.
  ///
  /// - Parameters:
  ///   - withAudio: embed the source audio (its SHA-256 must match the recorded one).
  ///   - audioFile: where that audio is (the file `render` would use), when not at the recorded
  ///     path.
  /// - Throws: ``BundleError``, ``SQLiteError`` or a file error; `path` is untouched then.
  public static func write(
    _ session: SessionRecord, from store: EventStore, to path: String, withAudio: Bool,
    audioFile: String? = nil, sharp9Version: String
  ) throws {
    let destination = URL(fileURLWithPath: path)
    let database = URL(fileURLWithPath: store.database.path)
    guard destination.resolvingSymlinksInPath() != database.resolvingSymlinksInPath() else {
      throw BundleError.wouldReplaceDatabase(path: path)
    }
    let audio = withAudio ? try readAudio(of: session, at: audioFile) : nil
    try writeBundleFile(to: path) { temporary in
      // Creating it as an event store applies the schema (migrations included).
      _ = try EventStore(path: temporary)
      try store.database.attach(temporary, as: "bundle") {
        try store.database.execute(schema(in: "bundle"))
        try store.database.transaction {
          try copyRows(of: session, from: store.database)
          try writeBundleTables(
            of: session, audio: audio, sharp9Version: sharp9Version, into: store.database,
            schema: "bundle")
        }
      }
    }
  }

  /// Writes a bundle at `path` by `fill`, which fills the SQLite file at the temporary path it is
  /// given, beside `path`: only a complete bundle is renamed over `path`, and a temporary file
  /// left by a failure goes again.
  ///
  /// - Throws: ``BundleError/writeFailed(path:reason:)`` for a write SQLite failed, or what
  ///   `fill` throws; `path` is untouched then.
  static func writeBundleFile(to path: String, _ fill: (String) throws -> Void) throws {
    let destination = URL(fileURLWithPath: path)
    let temporary = destination.deletingLastPathComponent()
      .appending(path: ".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
    defer { SQLiteFiles.remove(temporary.path) }
    do {
      try fill(temporary.path)
      // A bundle is one file: leave WAL mode so no -wal or -shm file belongs with it.
      try Database(path: temporary.path, mode: .mustExist).execute("PRAGMA journal_mode = DELETE")
    } catch let error as SQLiteError where error.isFailedWrite {
      // Only the bundle is written here (the session is only read): the failed write is the
      // bundle's, on the disk it goes to, and the database is not to blame.
      throw BundleError.writeFailed(
        path: path,
        reason: error.primaryCode == SQLITE_FULL
          ? "the disk is full" : "a write failed (\(error.message))")
    }
    try moveReplacing(temporary.path, to: destination.path)
  }

  private static func copyRows(of session: SessionRecord, from database: Database) throws {
    let sessions = try database.prepare(
      """
      INSERT INTO bundle.sessions (pk, \(sessionColumns))
      SELECT pk, \(sessionColumns) FROM main.sessions WHERE pk = ?
      """)
    let key = try EventStore.key(of: session.id, in: database)
    try sessions.bind(key, at: 1)
    try sessions.run()
    let events = try database.prepare(
      """
      INSERT INTO bundle.event_chunks (session_pk, first_seq, count, events)
      SELECT session_pk, first_seq, count, events FROM main.event_chunks WHERE session_pk = ?
      """)
    try events.bind(key, at: 1)
    try events.run()
    let checkpoints = try database.prepare(
      """
      INSERT INTO bundle.checkpoints (session_pk, seq, reducer_version, state, state_sha256)
      SELECT session_pk, seq, reducer_version, state, state_sha256 FROM main.checkpoints
      WHERE session_pk = ?
      """)
    try checkpoints.bind(key, at: 1)
    try checkpoints.run()
  }

  /// The manifest, and the audio when there is some, in the bundle attached as `schema`.
  static func writeBundleTables(
    of session: SessionRecord, audio: Audio?, sharp9Version: String, into database: Database,
    schema: String
  ) throws {
    let insert = try database.prepare(
      "INSERT INTO \(schema).bundle_manifest (key, value) VALUES (?, ?)")
    for (key, value) in [
      ("format", format), ("session", session.idString), ("written_by", sharp9Version),
      ("written_at", Interchange.formatDate(Date())),
    ] {
      try insert.reset()
      try insert.bind(key, at: 1)
      try insert.bind(value, at: 2)
      try insert.run()
    }
    guard let audio else { return }
    let insertAudio = try database.prepare(
      "INSERT INTO \(schema).bundle_audio (session_id, name, sha256, bytes) VALUES (?, ?, ?, ?)")
    try insertAudio.bind(session.idString, at: 1)
    try insertAudio.bind(audio.name, at: 2)
    try insertAudio.bind(audio.sha256, at: 3)
    try audio.bytes.withUnsafeBytes { try insertAudio.bind($0, at: 4) }
    try insertAudio.run()
  }

  /// The source audio of a session, checked against its recorded hash.
  struct Audio {
    var name: String
    var sha256: String
    var bytes: Data
  }

  static func readAudio(of session: SessionRecord, at file: String?) throws -> Audio {
    guard let source = session.audio else {
      throw BundleError.audioMissing(session: session.idString, path: nil)
    }
    let path = file ?? source.path
    guard let bytes = FileManager.default.contents(atPath: path) else {
      throw BundleError.audioMissing(session: session.idString, path: path)
    }
    let actual = hexSHA256(bytes)
    if let recorded = source.sha256, recorded.lowercased() != actual {
      throw BundleError.audioChanged(path: path, recorded: recorded, actual: actual)
    }
    let name = URL(fileURLWithPath: source.path).lastPathComponent
    return Audio(name: name, sha256: actual, bytes: bytes)
  }

  /// Lower-case hex SHA-256 of `bytes`.
  static func hexSHA256(_ bytes: Data) -> String {
    hexString(SHA256.hash(data: bytes))
  }

  /// Renames `source` over `destination` atomically (POSIX `rename`, same directory).
  static func moveReplacing(_ source: String, to destination: String) throws {
    guard rename(source, destination) == 0 else {
      throw BundleError.writeFailed(path: destination, reason: String(cString: strerror(errno)))
    }
  }

}
