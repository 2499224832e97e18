import Foundation
import HostileBundles
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// S1 (issue 21): a bundle is untrusted input. Its audio hash must be the SHA-256 of its bytes,
/// its audio name becomes one safe file name, nothing is written outside the audio directory,
/// nothing existing is replaced, and a refused bundle changes nothing.
@Suite("hostile bundles")
struct HostileBundleTests {
  private static let actions: [Action] = [
    .importPicked(url: URL(fileURLWithPath: "/music/take.wav")),
    .importSucceeded(track: HistoryFixtures.track), .addMarker(timeSec: 2), .setA(timeSec: 3),
  ]
  static let audio = (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

  /// A bundle with audio of a 4-event session, in `directory`.
  static func bundle(in directory: URL) throws -> (path: String, id: UUID) {
    let audioPath = directory.appending(path: "take.wav")
    try Data(audio).write(to: audioPath)
    let source = try EventStore(path: directory.appending(path: "source.sqlite").path)
    let session = try source.createSession(
      NewSession(
        title: "report", startedAt: HistoryFixtures.startedAt,
        audio: RecordedAudio(path: audioPath.path, sha256: HostileAudioRow.hexSHA256(audio)),
        sharp9Version: "test"),
      unrecordedScript: SessionScript(header: nil, actions: HistoryFixtures.timed(actions)))
    let path = directory.appending(path: "report.sharp9").path
    try SessionBundle.write(session, from: source, to: path, withAudio: true, sharp9Version: "t")
    return (path, session.id)
  }

  @Test("a few hundred hostile audio rows: refused whole, or written inside the audio directory")
  func hostileAudioRows() throws {
    let scratch = try ScratchFolder()
    defer { withExtendedLifetime(scratch) {} }
    let root = scratch.url
    let (bundle, id) = try Self.bundle(in: root)
    let rows = HostileBundles.rows(
      count: 300, seed: 21, audio: Self.audio, outside: root.appending(path: "tree/outside"))
    #expect(rows.filter(\.mustBeRefused).count > 60)
    #expect(rows.filter(\.extracts).count > 60)
    for (index, row) in rows.enumerated() {
      try check(row, index: index, bundle: bundle, id: id, root: root)
    }
  }

  private func check(_ row: HostileAudioRow, index: Int, bundle: String, id: UUID, root: URL)
    throws
  {
    // Each row gets a fresh tree (its outside is the one every row's names point at).
    let tree = root.appending(path: "tree")
    try? FileManager.default.removeItem(at: tree)
    let library = tree.appending(path: "lib")
    let audio = library.appending(path: "audio")
    let outside = tree.appending(path: "outside")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    try HostileBundles.prepare(row, audioDirectory: audio, outside: outside)
    let forged = root.appending(path: "case.sharp9").path
    try HostileBundles.forge(row, from: bundle, to: forged, outside: outside)
    let store = try EventStore(path: library.appending(path: "sharp9.sqlite").path)
    let isDatabase = { (path: String) in path.hasPrefix("lib/sharp9.sqlite") }
    let before = try FileTree(tree, excluding: isDatabase)
    let result = Result {
      try SessionBundle.importBundle(at: forged, into: store, audioDirectory: audio)
    }
    let after = try FileTree(tree, excluding: isDatabase)
    let context = Comment(rawValue: "row \(index): \(row)")
    #expect(after.removals(since: before).isEmpty, context)
    // Nothing that was there changes (no file replaced, no link followed or replaced).
    let changed = after.changes(since: before)
    #expect(changed.keys.allSatisfy { before.entries[$0] == nil }, "\(changed) \(context)")
    switch result {
    case .failure(let error):
      #expect(row.mustBeRefused, "\(error) \(context)")
      #expect(error is BundleError, "\(error) \(context)")
      #expect(changed.isEmpty, "\(changed) \(context)")
      #expect(try store.sessions().isEmpty, context)
    case .success(let imported):
      #expect(!row.mustBeRefused, context)
      #expect(imported.session.id == id, context)
      #expect(try store.verify(imported.session).isOK, context)
      let files = changed.filter { $0.value.hasPrefix("file ") }
      #expect(files.count <= 1, "\(changed) \(context)")
      #expect(
        changed.keys.allSatisfy { $0 == "lib/audio" || $0.hasPrefix("lib/audio/") },
        "\(changed) \(context)")
      if row.extracts {
        let path = try #require(imported.extractedAudio, context)
        let folder = audio.resolvingSymlinksInPath().path
        #expect(URL(fileURLWithPath: path).deletingLastPathComponent().path == folder, context)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(BundledAudio.isOneComponent(name) && !name.hasPrefix("."), context)
        #expect(name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{7F}" }, context)
        #expect(FileManager.default.contents(atPath: path) == Data(row.bytes), context)
        #expect(files.count == (row.plant == .sameFile ? 0 : 1), "\(changed) \(context)")
      } else {
        #expect(imported.extractedAudio == nil, context)
        #expect(files.isEmpty, context)
      }
    }
  }

  @Test("names reduce to one safe component, keeping a safe extension")
  func names() {
    for (untrusted, safe) in [
      ("take.wav", "take.wav"), ("../../etc/passwd", "passwd"), ("/", "audio"), ("", "audio"),
      ("..", "audio"), (".", "audio"), (".hidden.wav", "hidden.wav"), ("a\0b\nc.wav", "a_b_c.wav"),
      ("dir\\..\\x.flac", "x.flac"), ("音楽 é.wav", "音楽 é.wav"), ("\u{202E}vaw.exe", "_vaw.exe"),
    ] {
      #expect(BundledAudio.fileName(from: untrusted) == safe, "\(untrusted.debugDescription)")
    }
    let long = BundledAudio.fileName(from: String(repeating: "é", count: 500) + ".wav")
    #expect(long.utf8.count <= BundledAudio.maxNameBytes && long.hasSuffix("é.wav"))
  }

  /// Integers a bundle's rows carry are range-checked where they are read: extremes are refused
  /// (or harmless), never a trap, and a refused bundle adds nothing.
  @Test(
    "extreme counts and sequence numbers in a bundle are refused without a trap",
    arguments: [
      "UPDATE sessions SET event_count = 9223372036854775807",
      "UPDATE sessions SET event_count = -9223372036854775808",
      "UPDATE sessions SET event_count = -1",
      "UPDATE event_chunks SET count = 9223372036854775807",
      "UPDATE event_chunks SET count = -9223372036854775808",
      "UPDATE event_chunks SET first_seq = 9223372036854775807",
      "UPDATE event_chunks SET first_seq = -9223372036854775808",
      "UPDATE checkpoints SET seq = 9223372036854775807",
      "UPDATE checkpoints SET seq = -9223372036854775808",
      "UPDATE sessions SET started_ms = -9223372036854775808, created_ms = 9223372036854775807",
      """
      UPDATE sessions SET pk = 9223372036854775807;
      UPDATE event_chunks SET session_pk = 9223372036854775807;
      UPDATE checkpoints SET session_pk = 9223372036854775807
      """,
    ])
  func extremeIntegers(edit: String) throws {
    let scratch = try ScratchFolder()
    defer { withExtendedLifetime(scratch) {} }
    let root = scratch.url
    let (bundle, _) = try Self.bundle(in: root)
    let forged = try Database(path: bundle, mode: .mustExist)
    try forged.execute("PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF")
    try forged.execute(edit)
    let store = try EventStore.inMemory()
    do {
      let imported = try SessionBundle.importBundle(
        at: bundle, into: store, audioDirectory: root.appending(path: "audio"))
      #expect(try store.verify(imported.session).isOK, "\(edit)")
    } catch {
      #expect(try store.sessions().isEmpty, "\(edit): \(error)")
    }
  }

  @Test("an import refused after its audio was written removes that file again")
  func refusedAfterExtraction() throws {
    let scratch = try ScratchFolder()
    defer { withExtendedLifetime(scratch) {} }
    let root = scratch.url
    let (bundle, _) = try Self.bundle(in: root)
    // A checkpoint at seq -5 is never compared by verify, but the target's CHECK refuses it
    // while the rows are copied, after the audio was extracted.
    let forged = try Database(path: bundle, mode: .mustExist)
    try forged.execute(
      """
      PRAGMA ignore_check_constraints = ON;
      UPDATE sessions SET audio_path = 'gone/take.wav';
      INSERT INTO checkpoints (session_pk, seq, reducer_version, state, state_sha256)
      SELECT session_pk, -5, reducer_version, state, state_sha256 FROM checkpoints LIMIT 1
      """)
    let store = try EventStore.inMemory()
    let audio = root.appending(path: "audio")
    #expect(throws: (any Error).self) {
      try SessionBundle.importBundle(at: bundle, into: store, audioDirectory: audio)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: audio.path) == [])
    #expect(try store.sessions().isEmpty)
  }

  @Test("a recorded audio path naming a FIFO is not read, and the audio is extracted")
  func fifoRecordedPath() throws {
    let scratch = try ScratchFolder()
    defer { withExtendedLifetime(scratch) {} }
    let root = scratch.url
    let (bundle, _) = try Self.bundle(in: root)
    let fifo = root.appending(path: "fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    try Database(path: bundle, mode: .mustExist).execute(
      "UPDATE sessions SET audio_path = '\(fifo)'")
    try FileManager.default.createDirectory(
      at: root.appending(path: "lib"), withIntermediateDirectories: true)
    let store = try EventStore(path: root.appending(path: "lib/sharp9.sqlite").path)
    let imported = try SessionBundle.importBundle(
      at: bundle, into: store, audioDirectory: root.appending(path: "lib/audio"))
    #expect(imported.extractedAudio != nil)
  }
}

/// A new folder under the temporary directory, removed when the value goes (a test keeps it
/// with `withExtendedLifetime` to its end).
final class ScratchFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
