import Foundation
import Sharp9Audio
import Sharp9Domain

extension TakeLibrary {
  /// Why a take's file in the library cannot be used.
  public enum Problem: Error, Equatable, Sendable {
    /// No file for the take is in the library.
    case missing(TakeRecording)
    /// Its name is a folder, a FIFO or a device, not a file.
    case notAFile(TakeRecording)
    /// The file cannot be read (its permissions, an I/O error).
    case unreadable(TakeRecording)
    /// The file's bytes no longer hash to the SHA-256 the take's event names.
    case changed(TakeRecording)
  }

  /// `take`'s file, there and with the bytes its SHA-256 names: what a render reads, so that a
  /// take replaced or damaged since it was recorded is refused rather than rendered as if heard.
  ///
  /// - Throws: ``Problem``.
  public func checkedURL(of take: TakeRecording) throws -> URL {
    let url = url(of: take)
    let hash: String?
    do {
      hash = try AudioFileLocator.sha256(of: url)
    } catch {
      throw error.kind == .notFound ? Problem.missing(take) : Problem.notAFile(take)
    }
    guard let hash else { throw Problem.unreadable(take) }
    guard hash == take.sha256 else { throw Problem.changed(take) }
    return url
  }

  /// `take`'s sound, read from its checked file (``checkedURL(of:)``).
  ///
  /// - Throws: ``Problem``, `AudioFileError` when the file cannot be decoded.
  public func checkedAudio(of take: TakeRecording) throws -> DecodedAudio {
    try DecodedAudio(url: checkedURL(of: take))
  }
}

extension TakeLibrary.Problem: CustomStringConvertible {
  /// What is wrong with the take's file, as the live engine's notice says it.
  public var description: String {
    switch self {
    case .missing: "its file is not in the take library"
    case .notAFile: "its name in the take library is not a regular file"
    case .unreadable: "its file in the take library cannot be read"
    case .changed: "its file changed since it was recorded (its SHA-256 differs)"
    }
  }
}
