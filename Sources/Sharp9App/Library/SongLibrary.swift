import Foundation
import Sharp9Audio
import Sharp9Domain

/// The songs a musician opened in the practice app, kept by content: `songs/<sha256>.<ext>` next
/// to the database. A session's audio is never lost when the original moves, the same bytes are
/// kept once whatever they were called, and a bundle can carry them.
///
/// Only what ``commit(_:)`` and ``keepUpload(_:sha256:name:)`` write is ever in the folder: names are the hash and an extension
/// of at most 8 ASCII letters or digits taken from the file's name, so nothing a page sends
/// decides a path.
public struct SongLibrary: Sendable {
  /// The folder.
  public let directory: URL

  /// The library beside the database at `databasePath`.
  public init(databasePath: String) {
    directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
      .appending(path: "songs")
  }

  /// A file's bytes copied beside the library and hashed as they were read, not yet in it:
  /// ``commit(_:)`` puts them in, ``discard(_:)`` leaves the library as it was.
  public struct Staged: Sendable {
    /// The SHA-256 of the bytes copied.
    public let sha256: String
    fileprivate let partial: URL
    fileprivate let name: String
    /// Whether staging created the folder (``discard(_:)`` removes it again, if still empty).
    fileprivate let createdFolder: Bool
  }

  /// Copies the bytes of `file` (left in place) beside the library, hashing them on the way: one
  /// read, and the bytes kept are exactly the bytes hashed, even if the file changes meanwhile.
  ///
  /// - Throws: ``AudioFileError`` when `file` is not a readable regular file; the file system's
  ///   error when the folder cannot be written.
  public func stage(_ file: URL, name: String) throws -> Staged {
    let source = try AudioFilePath.openRegularFile(file)
    defer { try? source.close() }
    let manager = FileManager.default
    let createdFolder = !manager.fileExists(atPath: directory.path)
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    let partial = directory.appending(path: ".\(UUID().uuidString).partial")
    var hash = ContentHash()
    do {
      guard manager.createFile(atPath: partial.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
      }
      let target = try FileHandle(forWritingTo: partial)
      defer { try? target.close() }
      while true {
        let chunk: Data
        do {
          guard let read = try source.read(upToCount: 1 << 20), !read.isEmpty else { break }
          chunk = read
        } catch {
          throw AudioFileError(url: file, kind: .unreadable, detail: "cannot read it")
        }
        hash.update(data: chunk)
        try target.write(contentsOf: chunk)
      }
    } catch {
      discard(partial, createdFolder: createdFolder)
      throw error
    }
    return Staged(
      sha256: hash.hex(), partial: partial, name: name, createdFolder: createdFolder)
  }

  /// Puts `staged` in the library (the copy is dropped when the same bytes are kept already);
  /// returns the kept file.
  public func commit(_ staged: Staged) throws -> URL {
    defer { try? FileManager.default.removeItem(at: staged.partial) }
    return try place(staged.partial, sha256: staged.sha256, name: staged.name, moving: true)
  }

  /// Drops `staged`: the library is as it was before ``stage(_:name:)``.
  public func discard(_ staged: Staged) {
    discard(staged.partial, createdFolder: staged.createdFolder)
  }

  private func discard(_ partial: URL, createdFolder: Bool) {
    let manager = FileManager.default
    try? manager.removeItem(at: partial)
    if createdFolder, (try? manager.contentsOfDirectory(atPath: directory.path))?.isEmpty == true {
      try? manager.removeItem(at: directory)
    }
  }

  /// Keeps an upload: `file`, whose bytes hashed to `sha256` as they arrived, is moved into the
  /// library (copied when the library is on another file system), so a long song is neither
  /// read again nor copied. Gone from where it was either way.
  public func keepUpload(_ file: URL, sha256: String, name: String) throws -> URL {
    defer { try? FileManager.default.removeItem(at: file) }
    return try place(file, sha256: sha256, name: name, moving: true)
  }

  private func place(_ file: URL, sha256 hash: String, name: String, moving: Bool) throws -> URL {
    let target = directory.appending(path: hash + Self.fileExtension(of: name))
    let manager = FileManager.default
    if manager.fileExists(atPath: target.path) { return target }
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    // Put beside the target, then moved into place: the library never holds half a song.
    let partial = directory.appending(path: ".\(UUID().uuidString).partial")
    defer { try? manager.removeItem(at: partial) }
    if !moving || (try? manager.moveItem(at: file, to: partial)) == nil {
      try manager.copyItem(at: file, to: partial)
    }
    do {
      try manager.moveItem(at: partial, to: target)
    } catch  where manager.fileExists(atPath: target.path) {
      // Kept meanwhile by another request: the same bytes.
    }
    return target
  }

  /// The kept file of the song whose bytes hash to `sha256` (64 lower-case hex digits), or nil
  /// when the library does not hold it.
  public func song(sha256: String) -> URL? {
    guard SHA256Hex.isValid(sha256) else { return nil }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.first { $0 == sha256 || $0.hasPrefix(sha256 + ".") }
      .map { directory.appending(path: $0) }
  }

  /// `.ext` from `name` (lower-cased, 1 to 8 ASCII letters or digits), else "".
  static func fileExtension(of name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return "" }
    let ext = name[name.index(after: dot)...].lowercased()
    guard (1...8).contains(ext.count),
      ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { return "" }
    return "." + ext
  }
}
