import Foundation
import Sharp9Audio

/// The songs a musician opened in the practice app, kept by content: `songs/<sha256>.<ext>` next
/// to the database. A session's audio is never lost when the original moves, the same bytes are
/// kept once whatever they were called, and a bundle can carry them.
///
/// Only what ``keep(_:name:)`` writes is ever in the folder: names are the hash and an extension
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

  /// Keeps the bytes of `file` (left in place) under their SHA-256, with the extension of `name`;
  /// returns the kept file. Keeping the same bytes again returns the file kept before.
  ///
  /// - Throws: ``AudioFileError`` when `file` is not a readable regular file; the file system's
  ///   error when the folder cannot be written.
  public func keep(_ file: URL, name: String) throws -> URL {
    guard let hash = try AudioFileLocator.sha256(of: file) else {
      throw AudioFileError(url: file, kind: .unreadable, detail: "cannot read it")
    }
    return try place(file, sha256: hash, name: name, moving: false)
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
    guard sha256.count == 64, sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
      return nil
    }
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
