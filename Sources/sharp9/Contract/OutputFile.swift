import Foundation
import Sharp9Store

/// The rule for every file a command writes (`render -o`, `stretch IN OUT`, `bundle -o`,
/// `export -o`, `play --tee`), checked before any work starts (before a database is opened or a
/// device is started):
///
/// - never over one of the command's inputs: the database and its `-wal`/`-shm` files, the
///   session's source audio, the file being stretched (compared by resolved path and, for files
///   that exist, by device and inode, so links and `./` spellings are caught too);
/// - never over a directory, a device, a pipe or a socket (the new file would replace the node);
/// - an existing file is replaced only with `--force`;
/// - its folder exists and is a folder (else the command would run, then fail to write).
///
/// The writers themselves write to a temporary file beside the target and rename it into place,
/// so the target is the complete new file or untouched. Failures are status 73.
enum OutputFile {
  /// Checks `path` against the rule; returns it unchanged.
  ///
  /// - Parameters:
  ///   - inputs: what the command reads, named for the message (`"the database"`) with the path.
  ///   - force: whether `--force` was given.
  /// - Throws: ``CommandFailure`` with status 73.
  @discardableResult
  static func check(_ path: String, inputs: [(name: String, path: String)], force: Bool) throws
    -> String
  {
    guard !path.isEmpty else {
      throw CommandFailure(
        .usage, "cannot write the output: its path is empty. Name the file to write")
    }
    for input in inputs where same(path, input.path) {
      throw CommandFailure(
        .cannotCreate,
        "will not write \(path): it is \(input.name). Choose another output file")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      try checkFolder(of: path)
      return path
    }
    if isDirectory.boolValue {
      throw CommandFailure(
        .cannotCreate, "will not write \(path): it is a directory. Name a file inside it")
    }
    // The new file is renamed over the target: over /dev/null or a pipe that would replace the
    // device node itself.
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw CommandFailure(
        .cannotCreate,
        "will not write \(path): it is not a regular file (a device, pipe or socket). Name a"
          + " file")
    }
    guard force else {
      throw CommandFailure(
        .cannotCreate, "will not replace \(path): it exists. Pass --force to replace it")
    }
    return path
  }

  /// Refuses a new file whose folder is missing or is not a folder.
  private static func checkFolder(of path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw CommandFailure(
        .cannotCreate,
        "cannot write \(path): its folder \(folder) does not exist. Create the folder first")
    }
    guard isDirectory.boolValue else {
      throw CommandFailure(
        .cannotCreate, "cannot write \(path): \(folder) is not a folder. Name a file in a folder")
    }
  }

  /// The inputs of a command that reads the database at `database`: the file, its write-ahead
  /// log and its shared-memory index.
  static func databaseInputs(_ database: String?) -> [(name: String, path: String)] {
    guard let database else { return [] }
    return SQLiteFiles.Kind.allCases.map { kind in
      let name =
        switch kind {
        case .database: "the database"
        case .writeAheadLog: "the database's write-ahead log"
        case .sharedMemory: "the database's shared-memory file"
        case .rollbackJournal: "the database's rollback journal"
        }
      return (name, database + kind.suffix)
    }
  }

  /// True when `a` and `b` name the same file: the same resolved path, or, when both exist, the
  /// same device and inode (hard links).
  private static func same(_ a: String, _ b: String) -> Bool {
    if resolved(a) == resolved(b) { return true }
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// The absolute path with its directory's symbolic links resolved (the file itself may not
  /// exist yet).
  private static func resolved(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let directory = url.deletingLastPathComponent().resolvingSymlinksInPath()
    return directory.appending(path: url.lastPathComponent).path
  }
}
