import CSQLite
import Foundation

/// A bundle file opened for reading without changing it: its bytes stay as they were and no
/// `-wal` or `-shm` file appears beside it (a bundle may sit on read-only media, or be a file
/// someone sent and wants to keep as it came).
///
/// The file is opened with SQLite's `immutable` flag, and attached the same way. A bundle
/// written by an older sharp9 needs migrating before it can be read: that is done on a private
/// temporary copy, removed when this value goes away.
final class BundleFile {
  /// The bundle as an event store (read-only).
  let store: EventStore
  /// The name to `ATTACH` (an immutable URI, or the migrated copy's path).
  let attachName: String
  private let copyDirectory: URL?

  /// Opens the bundle at `path`.
  ///
  /// - Throws: ``StoreError/databaseMissing(path:)``, ``MigrationError`` or ``SQLiteError``.
  init(path: String) throws {
    do {
      store = try EventStore(path: path, mode: .readOnlyImmutable)
      attachName = Database.immutableURI(path)
      copyDirectory = nil
    } catch let error as SQLiteError where error.primaryCode == SQLITE_READONLY {
      // Older than this sharp9: migrate a copy, never the file itself.
      let directory = FileManager.default.temporaryDirectory
        .appending(path: "sharp9-bundle-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let copy = directory.appending(path: "bundle.sqlite")
      do {
        try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: copy)
        store = try EventStore(path: copy.path, mode: .mustExist)
      } catch {
        try? FileManager.default.removeItem(at: directory)
        throw error
      }
      attachName = copy.path
      copyDirectory = directory
    }
  }

  deinit {
    if let copyDirectory { try? FileManager.default.removeItem(at: copyDirectory) }
  }
}
