import Crypto
import Foundation

/// Everything under a directory, by relative path: the kind of each entry and, for a file, a hash
/// of its bytes, for a link, its destination. Comparing two snapshots shows what a command
/// created, changed or removed, wherever it was.
public struct FileTree: Equatable, Sendable {
  /// Relative path → `dir`, `file <sha256>`, `link -> <destination>` or `other`.
  public var entries: [String: String]

  /// Walks `root` (not following links); entries for which `excluded` is true are left out.
  public init(_ root: URL, excluding excluded: (String) -> Bool = { _ in false }) throws {
    var entries: [String: String] = [:]
    let manager = FileManager.default
    let base = root.path
    guard let walker = manager.enumerator(atPath: base) else {
      throw CocoaError(.fileReadNoSuchFile)
    }
    while let relative = walker.nextObject() as? String {
      guard !excluded(relative) else { continue }
      let path = base + "/" + relative
      let attributes = try manager.attributesOfItem(atPath: path)
      switch attributes[.type] as? FileAttributeType {
      case .typeDirectory?: entries[relative] = "dir"
      case .typeSymbolicLink?:
        entries[relative] = "link -> " + (try manager.destinationOfSymbolicLink(atPath: path))
      case .typeRegular?:
        let bytes = manager.contents(atPath: path) ?? Data()
        entries[relative] = "file " + HostileAudioRow.hexSHA256(bytes)
      default: entries[relative] = "other"
      }
    }
    self.entries = entries
  }

  /// The entries of `self` that `earlier` did not have, or had otherwise.
  public func changes(since earlier: FileTree) -> [String: String] {
    entries.filter { earlier.entries[$0.key] != $0.value }
  }

  /// The entries of `earlier` that are gone from `self`.
  public func removals(since earlier: FileTree) -> [String] {
    earlier.entries.keys.filter { entries[$0] == nil }.sorted()
  }
}
