import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9App

/// Removing the takes no session names: only old `<sha256>.flac` regular files that are not
/// named go; a take being written, a placement, a link, a folder, a young file, a named one and
/// anything else in the folder stay.
@Suite struct TakeLibraryUnnamedTests {
  /// What one generated folder entry is, and whether it must be removed.
  enum Entry: CaseIterable {
    case namedOld, unnamedOld, unnamedYoung, namedYoung, partial, placement, upperCaseHex,
      shortHex, otherExtension, link, folder
  }

  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func hexHash(_ random: inout SplitMix64) -> String {
    (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &random)) }
      .joined()
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func onlyOldUnnamedTakeFilesGo(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let folder = FileManager.default.temporaryDirectory.appending(path: "unnamed-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let library = TakeLibrary(directory: folder)
    var named: Set<String> = []
    var mustGo: Set<String> = []
    var mustStay: Set<String> = []
    let old = Self.now.addingTimeInterval(-TakeLibrary.unnamedGraceSec - 1)
    let young = Self.now.addingTimeInterval(-TakeLibrary.unnamedGraceSec + 1)
    for _ in 0..<60 {
      let hash = Self.hexHash(&random)
      let entry = Entry.allCases.randomElement(using: &random) ?? .namedOld
      let name: String
      var modified = old
      switch entry {
      case .namedOld, .unnamedOld, .namedYoung, .unnamedYoung, .link, .folder:
        name = "\(hash).flac"
      case .partial: name = ".take-\(Int.random(in: 1...99_999, using: &random))-\(UUID()).flac"
      case .placement: name = ".take-1-\(UUID()).placement"
      case .upperCaseHex: name = "\(hash.uppercased()).flac"
      case .shortHex: name = "\(hash.dropLast()).flac"
      case .otherExtension: name = "\(hash).wav"
      }
      let url = folder.appending(path: name)
      switch entry {
      case .link:
        try FileManager.default.createSymbolicLink(
          at: url, withDestinationURL: folder.appending(path: "elsewhere"))
      case .folder:
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      default:
        try Data("take \(hash)".utf8).write(to: url)
      }
      if entry == .namedYoung || entry == .unnamedYoung { modified = young }
      if entry != .link {
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
      }
      if entry == .namedOld || entry == .namedYoung { named.insert(hash) }
      if entry == .unnamedOld { mustGo.insert(name) } else { mustStay.insert(name) }
    }
    let removed = try library.removeTakes(notNamedBy: { named }, now: Self.now)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(Set(removed.hashes.map { "\($0).flac" }) == mustGo)
    #expect(left == mustStay)
    #expect(removed.bytes == Int64(mustGo.count * "take ".utf8.count + mustGo.count * 64))
  }

  @Test func aTakeKeptWhileTheLogsAreReadStays() throws {
    var random = SplitMix64(seed: 9)
    let folder = FileManager.default.temporaryDirectory.appending(path: "unnamed-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let library = TakeLibrary(directory: folder)
    let late = library.url(sha256: Self.hexHash(&random))
    // Kept (and, say, dated long ago) after the folder was listed, before its event is logged.
    let removed = try library.removeTakes(
      notNamedBy: {
        try Data("late".utf8).write(to: late)
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: late.path)
        return []
      }, now: Self.now)
    #expect(removed.hashes.isEmpty)
    #expect(FileManager.default.fileExists(atPath: late.path))
  }

  @Test func noFolderNothingRemoved() throws {
    let library = TakeLibrary(
      directory: FileManager.default.temporaryDirectory.appending(path: "none-\(UUID())"))
    let removed = try library.removeTakes(notNamedBy: { [] }, now: Self.now)
    #expect(removed.hashes.isEmpty && removed.bytes == 0)
  }
}
