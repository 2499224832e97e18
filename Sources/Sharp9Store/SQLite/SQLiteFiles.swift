import Foundation

/// The files SQLite keeps for a database at one path: the file itself and its companions, which
/// belong to it (copying, removing or protecting a database means all of them).
public enum SQLiteFiles {
  /// One of the files.
  public enum Kind: CaseIterable, Sendable {
    /// The database file.
    case database
    /// The write-ahead log (`-wal`).
    case writeAheadLog
    /// The write-ahead log's shared-memory index (`-shm`).
    case sharedMemory
    /// The rollback journal (`-journal`), outside WAL mode.
    case rollbackJournal

    /// What SQLite appends to the database's path to name this file.
    public var suffix: String {
      switch self {
      case .database: ""
      case .writeAheadLog: "-wal"
      case .sharedMemory: "-shm"
      case .rollbackJournal: "-journal"
      }
    }
  }

  /// The path of each file for the database at `path`, in ``Kind`` order.
  public static func paths(of path: String) -> [String] {
    Kind.allCases.map { path + $0.suffix }
  }

  /// Removes the database at `path` and its companions, those that exist.
  public static func remove(_ path: String) {
    for file in paths(of: path) {
      try? FileManager.default.removeItem(atPath: file)
    }
  }
}
