import Foundation
import Sharp9Domain

/// Importing a bundle that came from someone else (an upload to `sharp9 serve`): the file is
/// examined as untrusted SQLite before the store opens it as a database, and every session in it
/// must replay to its recorded checkpoints before anything is copied.
///
/// The checks, in order: opened read-only with triggers, views and the schema's functions off
/// (``Database/OpenMode/untrusted``); `PRAGMA integrity_check` reports `ok`; the schema holds only
/// tables and indexes (no trigger, view or virtual table, whose code would run when the store
/// attaches it); each session verifies. Then ``SessionBundle/importBundle(at:into:audioDirectory:)``.
public enum UntrustedBundle {
  /// Why an untrusted bundle was refused.
  public enum Problem: Error, Equatable, Sendable {
    /// SQLite's integrity check failed (its first message).
    case damaged(String)
    /// The schema holds an object that would run code (`trigger`, `view` or `virtual table`).
    case forbiddenObject(kind: String, name: String)
    /// A session in it does not replay to its recorded checkpoints.
    case diverged(session: String, seq: Int64)
  }

  /// Checks the file at `path`, verifies its sessions and imports it into `log`.
  ///
  /// - Throws: ``Problem``, ``BundleError``, ``MigrationError``, ``SQLiteError`` or the log's
  ///   error; `log` is unchanged then. The file at `path` is only read (``BundleFile``).
  public static func importBundle(at path: String, into log: any EventLog, audioDirectory: URL)
    throws -> SessionBundle.ImportResult
  {
    try inspect(path)
    try verifySessions(path)
    // An SQLite store attaches the bundle: its schema's functions stay off there too.
    if let store = log as? EventStore { try store.database.execute("PRAGMA trusted_schema = OFF") }
    return try SessionBundle.importBundle(at: path, into: log, audioDirectory: audioDirectory)
  }

  /// The integrity and schema checks, on a read-only, distrusting connection.
  static func inspect(_ path: String) throws {
    let database = try Database(path: path, mode: .untrusted)
    try database.execute("PRAGMA trusted_schema = OFF")
    let integrity = try database.prepare("PRAGMA integrity_check")
    while try integrity.step() {
      let message = integrity.text(0) ?? ""
      guard message == "ok" else { throw Problem.damaged(message) }
    }
    let schema = try database.prepare("SELECT type, name, coalesce(sql, '') FROM sqlite_schema")
    while try schema.step() {
      let kind = schema.text(0) ?? ""
      let name = schema.text(1) ?? ""
      let sql = (schema.text(2) ?? "").uppercased()
      if kind == "trigger" || kind == "view" {
        throw Problem.forbiddenObject(kind: kind, name: name)
      }
      if sql.hasPrefix("CREATE VIRTUAL TABLE") {
        throw Problem.forbiddenObject(kind: "virtual table", name: name)
      }
    }
  }

  /// Replays every session of the bundle against its checkpoints.
  static func verifySessions(_ path: String) throws {
    let file = try BundleFile(path: path)
    defer { withExtendedLifetime(file) {} }
    let bundle = file.store
    do {
      for session in try bundle.sessions() {
        let report = try bundle.verify(session)
        if let divergence = report.divergence {
          throw Problem.diverged(session: session.idString, seq: divergence.seq)
        }
      }
    } catch let error as StoreError {
      // A row no writer stores (a count out of range, an unreadable event): the upload is
      // damaged, which is the client's problem, not the server's.
      throw Problem.damaged(error.description)
    }
  }
}
