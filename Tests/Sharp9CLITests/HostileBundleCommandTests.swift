import Foundation
import HostileBundles
import Testing

/// S1 (issue 21) through the command line: `sharp9 import-bundle` of forged bundles (hostile
/// audio names and hashes, links and files planted where the audio goes) either refuses the
/// bundle with one error line and changes nothing, or writes one file inside `audio/` beside the
/// database and replaces nothing.
@Suite struct HostileBundleCommandTests {
  @Test func forgedAudioRowsNeverWriteOutsideTheAudioDirectory() async throws {
    let cli = try StoreCLI()
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 220, seconds: 0.2, sampleRate: 8_000))
    let id = try await cli.run(["import", try cli.file("take.jsonl", BundleCommandTests.script)])
      .stdout.trimmingCharacters(in: .newlines)
    let bundle = cli.directory.appending(path: "take.sharp9").path
    let written = try await cli.run(["bundle", id, "-o", bundle, "--with-audio"])
    #expect(written.status == 0, "\(written.stderr)")
    let audio = [UInt8](try Data(contentsOf: cli.directory.appending(path: "tone.wav")))
    let tree = cli.directory.appending(path: "tree")
    let outside = tree.appending(path: "outside")
    let rows = HostileBundles.rows(count: 40, seed: 2_111, audio: audio, outside: outside)
    #expect(rows.contains(where: \.mustBeRefused) && rows.contains(where: \.extracts))
    for (index, row) in rows.enumerated() {
      try? FileManager.default.removeItem(at: tree)
      let library = tree.appending(path: "lib")
      try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
      try HostileBundles.prepare(
        row, audioDirectory: library.appending(path: "audio"), outside: outside)
      let forged = cli.directory.appending(path: "case.sharp9").path
      try HostileBundles.forge(row, from: bundle, to: forged, outside: outside)
      let database = library.appending(path: "sharp9.sqlite").path
      let isDatabase = { (path: String) in path.hasPrefix("lib/sharp9.sqlite") }
      let before = try FileTree(tree, excluding: isDatabase)
      let result = try await cli.run(["import-bundle", forged, "--db", database], database: false)
      let after = try FileTree(tree, excluding: isDatabase)
      let context = Comment(rawValue: "row \(index): \(row)\n\(result)")
      let changed = after.changes(since: before)
      #expect(after.removals(since: before).isEmpty, context)
      #expect(changed.keys.allSatisfy { before.entries[$0] == nil }, context)
      #expect(
        changed.keys.allSatisfy { $0 == "lib/audio" || $0.hasPrefix("lib/audio/") }, context)
      let sessions = try await cli.run(["sessions", "--db", database], database: false)
      if row.mustBeRefused {
        #expect([65, 73].contains(result.status), context)
        #expect(result.stdout.isEmpty, context)
        #expect(
          result.stderr.hasPrefix("sharp9: error: ")
            && result.stderr.filter { $0 == "\n" }.count == 1, context)
        #expect(changed.isEmpty, context)
        #expect(!sessions.stdout.contains(String(id.prefix(8))), context)
      } else {
        #expect(result.status == 0, context)
        #expect(sessions.stdout.contains(String(id.prefix(8))), context)
        #expect(result.stdout.contains("audio written to ") == row.extracts, context)
      }
    }
  }
}
