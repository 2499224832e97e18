import Foundation

/// The one way sharp9 opens a path it was given as audio (a song, `--audio`, a script's header):
/// only a regular file is ever opened, so a directory, a device such as `/dev/zero` or a FIFO is
/// refused at once instead of being read forever or blocking until a writer appears, and the
/// common mistakes get precise errors rather than libsndfile's generic "format not recognised".
public enum AudioFilePath {
  /// Throws `.notFound` when nothing exists at `url`, `.notAFile` when it is not a regular file
  /// (symbolic links are followed).
  public static func checkRegularFile(_ url: URL) throws(AudioFileError) {
    _ = try regularFileStatus(url)
  }

  /// Opens `url` for reading only if it is a regular file: the descriptor is opened without
  /// blocking (a FIFO would otherwise wait for a writer) and its type checked on the open
  /// descriptor, so a path swapped after ``checkRegularFile(_:)`` cannot slip through.
  ///
  /// - Throws: `.notFound`, `.notAFile`, or `.unreadable` (permissions) as ``AudioFileError``.
  public static func openRegularFile(_ url: URL) throws(AudioFileError) -> FileHandle {
    try checkRegularFile(url)
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw AudioFileError(
        url: url, kind: .unreadable, detail: "open: \(String(cString: strerror(errno)))")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw AudioFileError(url: url, kind: .notAFile, detail: "it is \(describe(status.st_mode))")
    }
    return handle
  }

  /// ``checkRegularFile(_:)``, and `.empty` for a file of no bytes.
  static func checkReadable(_ url: URL) throws(AudioFileError) {
    guard try regularFileStatus(url).st_size > 0 else {
      throw AudioFileError(url: url, kind: .empty, detail: "0 bytes")
    }
  }

  /// The file's `stat`, when it is a regular file (links followed).
  private static func regularFileStatus(_ url: URL) throws(AudioFileError) -> stat {
    var status = stat()
    guard stat(url.path, &status) == 0 else {
      throw AudioFileError(url: url, kind: .notFound, detail: "nothing exists at this path")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw AudioFileError(url: url, kind: .notAFile, detail: "it is \(describe(status.st_mode))")
    }
    return status
  }

  private static func describe(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    case S_IFIFO: "a pipe (FIFO)"
    default: "a special file"
    }
  }
}
