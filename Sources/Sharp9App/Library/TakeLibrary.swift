import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The takes recorded in the practice app, kept by content: `takes/<sha256>.flac` next to the
/// database (beside the song library's `songs/`).
///
/// A take is written to a hidden file in the folder (``newWriter(sampleRate:channels:)``), then
/// ``keep(_:)`` hashes the complete file and renames it to its hash's name in one step: the
/// library holds whole takes only, and a take named in the log always has its audio.
public struct TakeLibrary: Sendable {
  /// The folder.
  public let directory: URL

  /// The library beside the database at `databasePath`.
  public init(databasePath: String) {
    self.init(
      directory: URL(fileURLWithPath: databasePath).deletingLastPathComponent()
        .appending(path: "takes"))
  }

  /// The library beside the store at `location`, or nil for a server's store: takes are kept
  /// beside an SQLite database only, for now.
  public init?(besideStore location: StoreLocation) {
    guard case .sqlite(let path) = location else { return nil }
    self.init(databasePath: path)
  }

  /// The library in `directory`.
  public init(directory: URL) {
    self.directory = directory
  }

  /// A writer for a new take: 24-bit FLAC at `sampleRate`, in a hidden file of the folder (the
  /// writer's own temporary file until it finishes, then `.take-<pid>-<uuid>.flac` until kept;
  /// the process id tells ``recoverCutShortTakes(isRunning:)`` whose writer may still be at
  /// work).
  ///
  /// - Throws: ``AudioFileError`` when the folder cannot be written.
  public func newWriter(sampleRate: Int, channels: Int) throws -> AudioFileWriter {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw AudioFileError(
        url: directory, kind: .createFailed, detail: "cannot create the takes folder")
    }
    return try AudioFileWriter(
      url: directory.appending(path: "\(Self.takePrefix)\(getpid())-\(UUID().uuidString).flac"),
      container: .flac,
      sample: .pcm24, sampleRate: sampleRate, channels: channels)
  }

  /// How the name of a take being written starts.
  static let takePrefix = ".take-"

  /// Hashes the finished file `file` (in this folder) and renames it to `<sha256>.flac`; returns
  /// the hash (the same bytes kept before are replaced by themselves).
  ///
  /// - Throws: ``AudioFileError`` when the file cannot be read or renamed.
  public func keep(_ file: URL) throws -> String {
    guard let hash = try AudioFileLocator.sha256(of: file) else {
      throw AudioFileError(url: file, kind: .unreadable, detail: "cannot read the take back")
    }
    try move(file, to: url(sha256: hash))
    return hash
  }

  /// Renames the finished file `file` to `target` (on the library's file system); the file goes
  /// when it cannot be renamed.
  ///
  /// - Throws: ``AudioFileError`` (`writeFailed`) saying why.
  func move(_ file: URL, to target: URL) throws {
    guard rename(file.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: file)
      throw AudioFileError(url: target, kind: .writeFailed, detail: "renaming: \(reason)")
    }
  }

  /// Where the take with this hash is kept.
  public func url(sha256: String) -> URL {
    directory.appending(path: "\(sha256).flac")
  }

  /// Where `take`'s audio is kept.
  public func url(of take: TakeRecording) -> URL { url(sha256: take.sha256) }
}
