import Foundation
import Sharp9Domain

extension TakeLibrary {
  /// How old a take's file must be before it may be removed for being named by no session: a
  /// take is kept under its hash an instant before its `takeRecorded` event is appended (by
  /// another process, perhaps: a player recording while a session is deleted), so a young file
  /// no log names yet may be one being logged now.
  public static let unnamedGraceSec: TimeInterval = 600

  /// Removes the takes no session names any more (`named`, asked after the folder was listed, so
  /// a take kept and logged meanwhile is not in the listing), when their files are older than
  /// ``unnamedGraceSec`` at `now`. Only `<sha256>.flac` files are touched: never a take being
  /// written or cut short (hidden files), nor anything else in the folder. Returns the hashes
  /// removed and the bytes they held; a file that cannot be removed is left, silently (the next
  /// deletion tries again).
  public func removeTakes(notNamedBy named: () throws -> Set<String>, now: Date) throws -> (
    hashes: [String], bytes: Int64
  ) {
    let kept: [(hash: String, url: URL)]
    do {
      kept = try FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: nil
      )
      .compactMap { url in Self.hash(ofTakeNamed: url.lastPathComponent).map { ($0, url) } }
    } catch CocoaError.fileReadNoSuchFile {
      return ([], 0)
    }
    let stillNamed = try named()
    var removed: [String] = []
    var bytes: Int64 = 0
    for (hash, url) in kept.sorted(by: { $0.hash < $1.hash }) where !stillNamed.contains(hash) {
      // The item itself (lstat), never what a link points at: a link is nobody's take.
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
        attributes[.type] as? FileAttributeType == .typeRegular,
        let modified = attributes[.modificationDate] as? Date,
        now.timeIntervalSince(modified) >= Self.unnamedGraceSec
      else { continue }
      guard (try? FileManager.default.removeItem(at: url)) != nil else { continue }
      removed.append(hash)
      bytes += (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }
    return (removed, bytes)
  }

  /// The SHA-256 a kept take's file name gives (`<64 lowercase hex digits>.flac`), or nil.
  static func hash(ofTakeNamed name: String) -> String? {
    guard name.hasSuffix(".flac") else { return nil }
    let hash = name.dropLast(".flac".count)
    return SHA256Hex.isValid(hash) ? String(hash) : nil
  }
}
