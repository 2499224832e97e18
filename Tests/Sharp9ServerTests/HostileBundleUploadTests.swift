import Foundation
import HTTPTypes
import HostileBundles
import Hummingbird
import HummingbirdTesting
import Sharp9Store
import Testing

@testable import Sharp9Server

/// S1 (issue 21) through `POST /api/bundles`: an upload with a forged audio row is refused with
/// 422 and changes nothing, or imported with its audio inside `audio/` beside the database;
/// nothing outside it is created, and nothing existing is replaced.
@Suite struct HostileBundleUploadTests {
  @Test func forgedAudioRowsNeverWriteOutsideTheAudioDirectory() async throws {
    let fixture = try await InspectorFixture()
    let directory = fixture.directory
    let id = fixture.id
    let bundle = directory.appending(path: "take.sharp9").path
    try fixture.sharp9(["bundle", id, "-o", bundle, "--with-audio"])
    let audio = [UInt8](try Data(contentsOf: directory.appending(path: "tone.wav")))
    let outside = directory.appending(path: "outside")
    let audioDirectory = directory.appending(path: "audio")
    let rows = HostileBundles.rows(count: 60, seed: 4_242, audio: audio, outside: outside)
    #expect(rows.contains(where: \.mustBeRefused) && rows.contains(where: \.extracts))
    let isOwn: @Sendable (String) -> Bool = { path in
      path.hasPrefix("sharp9.sqlite") || path == "work" || path.hasPrefix("work/")
        || path == "case.sharp9"
    }
    try await fixture.test { client in
      _ = try await client.execute(uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
      for (index, row) in rows.enumerated() {
        try? FileManager.default.removeItem(at: audioDirectory)
        try? FileManager.default.removeItem(at: outside)
        try HostileBundles.prepare(row, audioDirectory: audioDirectory, outside: outside)
        let forged = directory.appending(path: "case.sharp9")
        try HostileBundles.forge(row, from: bundle, to: forged.path, outside: outside)
        let before = try FileTree(directory, excluding: isOwn)
        let response = try await client.execute(
          uri: "/api/bundles", method: .post, headers: withToken,
          body: ByteBuffer(bytes: try Data(contentsOf: forged)))
        let after = try FileTree(directory, excluding: isOwn)
        let context = Comment(rawValue: "row \(index): \(row)\n\(response.status) \(response.text)")
        let changed = after.changes(since: before)
        #expect(after.removals(since: before).isEmpty, context)
        #expect(changed.keys.allSatisfy { before.entries[$0] == nil }, context)
        #expect(changed.keys.allSatisfy { $0 == "audio" || $0.hasPrefix("audio/") }, context)
        #expect(!response.text.contains(directory.path), context)
        let sessions = try await client.execute(uri: "/api/sessions", method: .get)
        if row.mustBeRefused {
          #expect(response.status == .unprocessableContent, context)
          #expect(changed.isEmpty, context)
          #expect(sessions.text == "[]\n", context)
        } else {
          #expect(response.status == .created, context)
          #expect(sessions.text.contains(id), context)
          #expect(
            changed.contains { $0.value.hasPrefix("file ") }
              == (row.extracts && row.plant != .sameFile), context)
          _ = try await client.execute(
            uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
        }
      }
    }
  }

  /// Counts and sequence numbers at their extremes are a damaged upload (422), never a trap that
  /// would end the server, nor a 500.
  @Test(arguments: [
    "UPDATE sessions SET event_count = 9223372036854775807",
    "UPDATE event_chunks SET count = 9223372036854775807",
    "UPDATE event_chunks SET first_seq = -9223372036854775808",
    "UPDATE checkpoints SET seq = 9223372036854775807",
    "UPDATE sessions SET started_ms = 9223372036854775807",
  ])
  func extremeIntegersAre422(edit: String) async throws {
    let fixture = try await InspectorFixture()
    let file = fixture.directory.appending(path: "extreme.sharp9")
    try fixture.sharp9(["bundle", fixture.id, "-o", file.path])
    let database = try Database(path: file.path, mode: .mustExist)
    try database.execute("PRAGMA ignore_check_constraints = ON")
    try database.execute(edit)
    let body = ByteBuffer(bytes: try Data(contentsOf: file))
    let id = fixture.id
    try await fixture.test { client in
      _ = try await client.execute(uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
      let response = try await client.execute(
        uri: "/api/bundles", method: .post, headers: withToken, body: body)
      #expect(response.status == .unprocessableContent, "\(edit): \(response.text)")
      let sessions = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(sessions.text == "[]\n")
    }
  }
}
