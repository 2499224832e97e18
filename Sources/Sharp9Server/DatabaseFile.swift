import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The database file a ``SessionLibrary`` opened, told apart from whatever its path names later.
///
/// The library keeps one connection open, which keeps reading the file it opened even after the
/// file is moved, deleted or replaced by another (a restored copy); stores opened later by path
/// would read the new file, or fail. So every use first checks that the path still names the
/// same file (device and inode, one `stat`), and otherwise throws ``Changed``: every route then
/// gives the same answer instead of some serving the old file and others the new one.
struct DatabaseFile: Sendable {
  /// The path the server was started with.
  let path: String
  private let identity: Identity?

  /// A file's device and inode.
  private struct Identity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
  }

  /// The database at `path`, as it is now.
  init(path: String) {
    self.path = path
    identity = Self.identity(of: path)
  }

  /// The database the server was started with was moved, deleted or replaced by another file.
  struct Changed: Error, Equatable {
    /// The path it was opened at.
    var path: String
  }

  /// Throws ``Changed`` unless `path` still names the file that was opened.
  func check() throws {
    guard let identity, Self.identity(of: path) == identity else {
      throw Changed(path: path)
    }
  }

  private static func identity(of path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }
}
