import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// C1: every command that writes a file (`render -o`, `stretch`, `bundle -o`, `export -o`,
/// `play --tee`) refuses every kind of bad target before any work starts, with the same rule, and
/// leaves the directory exactly as it was: no database created or changed, no session stored, no
/// temporary file left, nothing replaced.
///
/// The cases are generated: each writer × each way of naming a bad target (the database and its
/// companions spelled plainly, with `./`, absolutely, through a symbolic and a hard link; the
/// song; an existing file without `--force`; a directory; a FIFO; a missing folder; a name no
/// audio format matches).
@Suite struct OutputTargetTests {
  /// A way of naming a bad output, with the status and the words of its refusal.
  struct Target: CustomStringConvertible {
    var path: String
    var status: Int32
    var reason: String
    /// Only for writers of audio (the extension picks the format).
    var audioOnly = false
    var description: String { "\(path) (\(reason))" }
  }

  /// A command that writes a file, with the output's place in its command line.
  struct Writer: CustomStringConvertible {
    var name: String
    var arguments: (String) -> [String]
    var usesDatabase = true
    var writesAudio = true
    var description: String { name }
  }

  static func writers(session id: String) -> [Writer] {
    [
      Writer(name: "render", arguments: { ["render", id, "-o", $0] }),
      Writer(name: "stretch", arguments: { ["stretch", "tone.wav", $0] }, usesDatabase: false),
      Writer(
        name: "stretch -o", arguments: { ["stretch", "tone.wav", "-o", $0] }, usesDatabase: false),
      Writer(name: "bundle", arguments: { ["bundle", id, "-o", $0] }, writesAudio: false),
      Writer(name: "export", arguments: { ["export", id, "-o", $0] }, writesAudio: false),
      Writer(
        name: "play --tee",
        arguments: { ["play", "tone.wav", "--no-device", "--new", "--tee", $0] }),
    ]
  }

  /// Every bad target for `writer`; the database and song targets only for writers that read
  /// them.
  static func targets(in cli: StoreCLI, for writer: Writer) throws -> [Target] {
    let directory = cli.directory.path
    var targets: [Target] = []
    if writer.usesDatabase {
      for suffix in ["", "-wal", "-shm", "-journal"] {
        let reason = suffix.isEmpty ? "it is the database." : "it is the database's"
        for spelling in ["sharp9.sqlite", "./sharp9.sqlite", "\(directory)/sharp9.sqlite"] {
          targets.append(Target(path: spelling + suffix, status: 73, reason: reason))
        }
      }
      targets.append(Target(path: "db-link.sqlite", status: 73, reason: "it is the database."))
      targets.append(Target(path: "db-hard.sqlite", status: 73, reason: "it is the database."))
    }
    if writer.name != "bundle" && writer.name != "export" {
      for spelling in ["tone.wav", "./tone.wav", "\(directory)/tone.wav", "tone-link.wav"] {
        targets.append(Target(path: spelling, status: 73, reason: "it is the "))
      }
    }
    let extensionOK = writer.writesAudio ? ".wav" : ".txt"
    targets += [
      Target(path: "notes" + extensionOK, status: 73, reason: "it exists. Pass --force"),
      Target(path: "folder", status: 73, reason: "it is a directory."),
      Target(path: "pipe", status: 73, reason: "it is not a regular file"),
      Target(path: "no/such/folder/out" + extensionOK, status: 73, reason: "does not exist."),
      Target(path: "notes\(extensionOK)/out" + extensionOK, status: 73, reason: "is not a folder."),
      Target(path: "take.m4a", status: 64, reason: ".m4a is not wav, flac", audioOnly: true),
    ]
    return targets.filter { writer.writesAudio || !$0.audioOnly }
  }

  @Test func everyWriterRefusesEveryBadTargetBeforeAnyWork() async throws {
    let cli = try StoreCLI()
    let id = try await cli.importSession(OutputFileTests.script, named: "out.jsonl", toneSeconds: 1)
    _ = try await cli.run(["state", id])  // leaves the -wal/-shm beside the database
    let fileManager = FileManager.default
    let root = cli.directory.path
    _ = try cli.file("notes.wav", "my notes\n")
    _ = try cli.file("notes.txt", "my notes\n")
    _ = try cli.file("sharp9.sqlite-journal", "")
    try fileManager.createDirectory(atPath: root + "/folder", withIntermediateDirectories: false)
    #expect(mkfifo(root + "/pipe", 0o600) == 0)
    try fileManager.createSymbolicLink(
      atPath: root + "/db-link.sqlite", withDestinationPath: "sharp9.sqlite")
    try fileManager.linkItem(atPath: root + "/sharp9.sqlite", toPath: root + "/db-hard.sqlite")
    try fileManager.createSymbolicLink(
      atPath: root + "/tone-link.wav", withDestinationPath: "tone.wav")
    let before = try DirectorySnapshot(root)
    var cases = 0
    for writer in Self.writers(session: id) {
      for target in try Self.targets(in: cli, for: writer) {
        let arguments = writer.arguments(target.path)
        let result = try await cli.run(arguments, database: writer.usesDatabase)
        cases += 1
        #expect(result.status == target.status, "\(writer) → \(target): \(result.stderr)")
        #expect(result.stderr.contains(target.reason), "\(writer) → \(target): \(result.stderr)")
        #expect(
          result.stderr.hasPrefix("sharp9: error: ")
            && result.stderr.split(separator: "\n").count == 1,
          "\(writer) → \(target): \(result.stderr)")
        #expect(try DirectorySnapshot(root) == before, "\(writer) → \(target) changed the folder")
      }
    }
    #expect(cases > 80)
  }

  /// `--force` replaces an existing file, but never an input or a directory.
  @Test func forceReplacesAFileButNeverAnInput() async throws {
    let cli = try StoreCLI()
    let id = try await cli.importSession(OutputFileTests.script, named: "out.jsonl", toneSeconds: 1)
    let root = cli.directory.path
    try FileManager.default.createDirectory(
      atPath: root + "/folder", withIntermediateDirectories: false)
    let before = try DirectorySnapshot(root)
    for writer in Self.writers(session: id) {
      var inputs = ["folder"]
      if writer.usesDatabase { inputs += ["sharp9.sqlite", "sharp9.sqlite-wal"] }
      if writer.writesAudio { inputs.append("tone.wav") }
      for path in inputs {
        let result = try await cli.run(
          writer.arguments(path) + ["--force"], database: writer.usesDatabase)
        #expect(result.status == 73, "\(writer) --force → \(path): \(result.stderr)")
        #expect(try DirectorySnapshot(root) == before, "\(writer) --force → \(path)")
      }
    }
  }

  /// W9 for the tee: `--tee take.flac` is checked like `-o take.flac`, and an unknown extension
  /// is refused before the song is read, a database created or a device opened.
  @Test func theTeeIsRefusedBeforeTheDatabaseExists() async throws {
    let cli = try StoreCLI()
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 220, seconds: 1, sampleRate: 8_000))
    for tee in ["take.m4a", "folder-missing/take.wav", "tone.wav"] {
      let result = try await cli.run(["play", "tone.wav", "--no-device", "--tee", tee])
      #expect(result.status == 64 || result.status == 73, "\(tee): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: cli.database), "\(tee) created the database")
    }
  }
}

/// Every entry under a folder (recursively): its kind, size, inode and modification time, and a
/// regular file's bytes, so a test sees any file created, removed, replaced or changed. SQLite's
/// `-wal` and `-shm` files are compared by kind and inode only: a reader of the database may
/// update their index, but must not replace or remove them.
struct DirectorySnapshot: Equatable {
  struct Entry: Equatable {
    var mode: mode_t
    var inode: ino_t
    var size: off_t?
    var modified: Date?
    var bytes: Data?
  }

  var entries: [String: Entry] = [:]

  init(_ root: String) throws {
    let names = try FileManager.default.subpathsOfDirectory(atPath: root)
    for name in names {
      let path = root + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      var entry = Entry(mode: status.st_mode, inode: status.st_ino)
      if !name.hasSuffix("-wal") && !name.hasSuffix("-shm") {
        entry.size = status.st_size
        entry.modified =
          try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        if status.st_mode & S_IFMT == S_IFREG {
          entry.bytes = FileManager.default.contents(atPath: path)
        }
      }
      entries[name] = entry
    }
  }
}
