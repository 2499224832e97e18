import Foundation
import Testing

/// W6, W7, W8: bundles carry the audio render would use, keep the reporter's audio path, are
/// verified on import, and a session id that exists with other content is a conflict, with
/// `--as-new` as the way to import it anyway.
@Suite struct BundleCommandTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"take"}}
    {"type":"importPicked","url":"tone.wav","t":0}
    {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":1},"t":0.1}
    {"type":"togglePlay","t":0.2}
    {"type":"togglePlay","t":0.6}

    """

  /// A session imported from `practice/take.jsonl` whose audio sits next to the script, and a
  /// bundle of it with the audio, written from the test directory (not the script's).
  private func bundled(_ cli: StoreCLI) async throws -> (id: String, bundle: String) {
    let practice = cli.directory.appending(path: "practice")
    try FileManager.default.createDirectory(at: practice, withIntermediateDirectories: true)
    try WaveFile.write(
      practice.appending(path: "tone.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 220, seconds: 1, sampleRate: 8_000))
    let id = try await cli.run(["import", try cli.file("practice/take.jsonl", Self.script)])
      .stdout.trimmingCharacters(in: .newlines)
    let bundle = cli.directory.appending(path: "take.sharp9").path
    let written = try await cli.run(["bundle", id, "-o", bundle, "--with-audio"])
    #expect(written.status == 0, "\(written.stderr)")
    return (id, bundle)
  }

  @Test func theAudioRenderFindsIsBundledAndTheRecordedPathKept() async throws {
    let cli = try StoreCLI()
    let (id, bundle) = try await bundled(cli)
    let other = cli.directory.appending(path: "elsewhere/sharp9.sqlite").path
    let imported = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("audio written to "))
    let exported = try await cli.run(["export", id, "--db", other], database: false)
    #expect(
      exported.stdout.hasPrefix(
        #"{"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","#))
    let rendered = try await cli.run(
      ["render", id, "-o", "heard.wav", "--db", other], database: false)
    #expect(rendered.status == 0, "\(rendered.stderr)")
  }

  @Test func aDifferentSessionWithTheSameIdIsAConflict() async throws {
    let cli = try StoreCLI()
    let (id, bundle) = try await bundled(cli)
    let other = cli.directory.appending(path: "other.sqlite").path
    _ = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    try SQLiteShell.run(other, "UPDATE checkpoints SET state_sha256 = zeroblob(32)")
    let before = try Data(contentsOf: URL(filePath: other))
    let conflict = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(conflict.status == 65)
    #expect(
      conflict.stderr.hasPrefix("sharp9: error: cannot import session \(id): it already exists"))
    #expect(conflict.stderr.contains("--as-new"))
    #expect(try Data(contentsOf: URL(filePath: other)) == before)
    let asNew = try await cli.run(
      ["import-bundle", bundle, "--as-new", "--title", "again", "--db", other], database: false)
    #expect(asNew.status == 0, "\(asNew.stderr)")
    let newID = try #require(asNew.stdout.split(separator: "\n").last.map(String.init))
    #expect(newID != id)
    let verified = try await cli.run(["verify", newID, "--db", other], database: false)
    #expect(verified.status == 0, "\(verified.stdout)")
  }

  /// Any other content under the same id is a conflict, not "already present": the title, the
  /// times, the audio, the versions, as well as the events.
  @Test(arguments: [
    "UPDATE sessions SET title = 'renamed'", "UPDATE sessions SET started_ms = started_ms + 1",
    "UPDATE sessions SET ended_ms = NULL", "UPDATE sessions SET audio_path = 'other.wav'",
    "UPDATE sessions SET audio_sha256 = NULL", "UPDATE sessions SET sharp9_version = 'x'",
    "UPDATE sessions SET last_t = last_t + 1",
  ])
  func anyOtherContentUnderTheSameIdIsAConflict(edit: String) async throws {
    let cli = try StoreCLI()
    let (id, bundle) = try await bundled(cli)
    let other = cli.directory.appending(path: "other.sqlite").path
    let first = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(first.status == 0, "\(first.stderr)")
    let same = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(same.stdout.hasPrefix("session \(id) is already in the database; nothing added"))
    try SQLiteShell.run(other, edit)
    let before = try Data(contentsOf: URL(filePath: other))
    let conflict = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(conflict.status == 65, "\(edit): \(conflict)")
    #expect(
      conflict.stderr.hasPrefix(
        "sharp9: error: cannot import session \(id): it already exists with other content"),
      "\(conflict.stderr)")
    #expect(try Data(contentsOf: URL(filePath: other)) == before)
  }

  /// A bundle is only read: importing it (first time, again, and as a new session) leaves its
  /// bytes as they were and creates no `-wal` or `-shm` file beside it.
  @Test func importingLeavesTheBundleFileAsItWas() async throws {
    let cli = try StoreCLI()
    let (_, bundle) = try await bundled(cli)
    let original = try Data(contentsOf: URL(filePath: bundle))
    let other = cli.directory.appending(path: "other.sqlite").path
    for extra in [[], [], ["--as-new"]] {
      let result = try await cli.run(
        ["import-bundle", bundle] + extra + ["--db", other], database: false)
      #expect(result.status == 0, "\(extra): \(result.stderr)")
      #expect(try Data(contentsOf: URL(filePath: bundle)) == original, "\(extra)")
      for suffix in ["-wal", "-shm", "-journal"] {
        #expect(!FileManager.default.fileExists(atPath: bundle + suffix), "\(extra) \(suffix)")
      }
    }
  }

  @Test func aDamagedBundleIsRefused() async throws {
    let cli = try StoreCLI()
    let (_, bundle) = try await bundled(cli)
    try SQLiteShell.run(bundle, "UPDATE checkpoints SET state_sha256 = zeroblob(32)")
    let other = cli.directory.appending(path: "other.sqlite").path
    let result = try await cli.run(["import-bundle", bundle, "--db", other], database: false)
    #expect(result.status == 65)
    #expect(result.stderr.contains("does not replay to its checkpoint"), "\(result.stderr)")
    let sessions = try await cli.run(["sessions", "--db", other], database: false)
    #expect(sessions.stdout.split(separator: "\n").count <= 1)
  }
}
