import Foundation

/// Checks a path before libsndfile sees it, so the common mistakes get precise errors rather than
/// libsndfile's generic "format not recognised".
enum AudioFilePath {
  /// Throws `.notFound`, `.notAFile` or `.empty` as appropriate; symlinks are followed.
  static func checkReadable(_ url: URL) throws(AudioFileError) {
    let path = url.resolvingSymlinksInPath().path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw AudioFileError(url: url, kind: .notFound, detail: "nothing exists at this path")
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular else {
      throw AudioFileError(url: url, kind: .notAFile, detail: "it is \(describe(type))")
    }
    if let size = attributes[.size] as? NSNumber, size.int64Value == 0 {
      throw AudioFileError(url: url, kind: .empty, detail: "0 bytes")
    }
  }

  private static func describe(_ type: FileAttributeType?) -> String {
    switch type {
    case .typeDirectory: "a directory"
    case .typeCharacterSpecial, .typeBlockSpecial: "a device"
    case .typeSocket: "a socket"
    default: "a special file (pipe or link)"
    }
  }
}
