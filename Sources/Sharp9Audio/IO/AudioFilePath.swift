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
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      let type = (attributes[.type] as? FileAttributeType)?.rawValue ?? "unknown type"
      throw AudioFileError(url: url, kind: .notAFile, detail: "it is a \(type)")
    }
    if let size = attributes[.size] as? NSNumber, size.int64Value == 0 {
      throw AudioFileError(url: url, kind: .empty, detail: "0 bytes")
    }
  }
}
