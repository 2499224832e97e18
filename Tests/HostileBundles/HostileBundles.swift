import Foundation
import Sharp9Domain
import Sharp9Store

/// A seeded generator of hostile bundle audio rows, and the means to forge them into a copy of a
/// real bundle and to plant what they ask for, shared by the store, CLI and server tests.
///
/// ```swift
/// for row in HostileBundles.rows(count: 300, seed: 21, audio: bytes, outside: outsideDir) {
///   try HostileBundles.forge(row, from: bundle, to: copy, outside: outsideDir)
/// }
/// ```
public enum HostileBundles {
  /// `count` rows from `seed` (the same on every run) for a bundle whose audio is `audio`;
  /// `outside` is a directory outside the audio directory, named by absolute-path names.
  public static func rows(count: Int, seed: UInt64, audio: [UInt8], outside: URL)
    -> [HostileAudioRow]
  {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in row(audio: audio, outside: outside, using: &random) }
  }

  private static func row(audio: [UInt8], outside: URL, using random: inout SplitMix64)
    -> HostileAudioRow
  {
    // Half the rows keep the real bytes; others carry bytes of their own (a hash of them is
    // then as valid as the real one).
    let bytes =
      Bool.random(using: &random)
      ? audio
      : (0..<Int.random(in: 0...64, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
    let plant: HostileAudioRow.Plant =
      [
        .nothing, .nothing, .nothing, .symlinkToOutside, .otherFile,
        .sameFile,
      ].randomElement(using: &random) ?? .nothing
    let recorded: HostileAudioRow.Recorded =
      [
        .missing, .missing, .missing, .otherFile, .sameFile,
        .directory, .none,
      ].randomElement(using: &random) ?? .missing
    // Planted files sit at the name every sharp9 gives, so only plain names go with them.
    let name =
      plant == .nothing
      ? hostileName(outside: outside, using: &random)
      : "take\(Int.random(in: 0...9, using: &random)).wav"
    let sha256 =
      plant == .nothing
      ? hostileHash(of: bytes, using: &random) : HostileAudioRow.hexSHA256(bytes)
    return HostileAudioRow(
      name: name, sha256: sha256, bytes: bytes, plant: plant, recorded: recorded)
  }

  /// Pieces of names: traversal, absolute paths, separators, control characters, NUL, line
  /// breaks, bidi and zero-width characters, combining marks, other scripts, emoji, very long
  /// runs, leading dots, extensions.
  private static func namePieces(outside: URL) -> [String] {
    [
      "../", "../../", "..", ".", "/", "//", "\\..\\", "..\\", outside.path + "/", "/etc/passwd",
      "~/", "\0", "\n", "\r\n", "\t", "\u{7F}", "\u{1B}[31m", "\u{202E}", "\u{200B}", "\u{FEFF}",
      "é", "e\u{301}", "音楽", "🎵", "Ω", String(repeating: "a", count: 300),
      String(repeating: "é", count: 200), String(repeating: "/..", count: 40), ".hidden", "take",
      ".wav", ".WAV", ".mp3", ".tar.gz", " ", "-rf", "%2e%2e%2f", "CON", "x", ":", "*?\"<>|",
      "\u{D7FF}", "\u{10FFFF}",
    ]
  }

  private static func hostileName(outside: URL, using random: inout SplitMix64) -> String {
    let pieces = namePieces(outside: outside)
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return ["", ".", "..", "/", "...", " ", "\0"].randomElement(using: &random) ?? ""
    case 1: return outside.appending(path: "victim.wav").path
    default:
      return (0..<Int.random(in: 1...5, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? ""
      }.joined()
    }
  }

  /// The bytes' hash, or one of many wrong ones (upper case, short, long, of other bytes,
  /// with traversal, empty, non-hex, non-ASCII digits, a line break).
  private static func hostileHash(of bytes: [UInt8], using random: inout SplitMix64) -> String {
    let hash = HostileAudioRow.hexSHA256(bytes)
    switch Int.random(in: 0..<20, using: &random) {
    case 0: return hash.uppercased()
    case 1: return String(hash.prefix(63))
    case 2: return hash + "0"
    case 3: return HostileAudioRow.hexSHA256(bytes + [1])
    case 4: return "../../" + hash.prefix(58)
    case 5: return ""
    case 6: return String(repeating: "g", count: 64)
    case 7: return hash + "\n"
    case 8: return " " + hash.prefix(63)
    case 9: return "/tmp/" + hash.prefix(59)
    case 10: return "٣" + hash.dropFirst()
    case 11: return String(hash.prefix(16)) + "/../../../" + hash.prefix(39)
    default: return hash
    }
  }

  /// Copies the bundle at `bundle` to `path` with `row`'s audio row and recorded audio path.
  /// The bundle must carry audio (`bundle --with-audio`). `outside` holds the files `recorded`
  /// names (``prepare(_:audioDirectory:outside:)`` makes them).
  public static func forge(
    _ row: HostileAudioRow, from bundle: String, to path: String, outside: URL
  )
    throws
  {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: bundle, toPath: path)
    let database = try Database(path: path, mode: .mustExist)
    let audio = try database.prepare("UPDATE bundle_audio SET name = ?, sha256 = ?, bytes = ?")
    try audio.bind(row.name, at: 1)
    try audio.bind(row.sha256, at: 2)
    try audio.bind(row.bytes, at: 3)
    try audio.run()
    let session = try database.prepare("UPDATE sessions SET audio_path = ?")
    switch row.recorded {
    case .missing: try session.bind("gone/take.wav", at: 1)
    case .otherFile: try session.bind(outside.appending(path: "victim.wav").path, at: 1)
    case .sameFile: try session.bind(outside.appending(path: "original.bin").path, at: 1)
    case .directory: try session.bind(outside.path, at: 1)
    case .none: try session.bindNull(at: 1)
    }
    try session.run()
  }

  /// Makes `outside` (a victim file and a copy of the row's bytes) and plants what `row` asks
  /// for in `audioDirectory`.
  public static func prepare(_ row: HostileAudioRow, audioDirectory: URL, outside: URL) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: outside, withIntermediateDirectories: true)
    let victim = outside.appending(path: "victim.wav")
    try Data("someone else's file".utf8).write(to: victim)
    try Data(row.bytes).write(to: outside.appending(path: "original.bin"))
    guard row.plant != .nothing else { return }
    try manager.createDirectory(at: audioDirectory, withIntermediateDirectories: true)
    let target = audioDirectory.appending(path: row.plantedName)
    switch row.plant {
    case .nothing: break
    case .symlinkToOutside:
      try manager.createSymbolicLink(atPath: target.path, withDestinationPath: victim.path)
    case .otherFile: try Data("an earlier, different take".utf8).write(to: target)
    case .sameFile: try Data(row.bytes).write(to: target)
    }
  }
}
