import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Sharp9Server

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is wrong with a session's audio is a 409 with a sentence of the server's own on every
/// route that needs the audio: no path (the user's folders are nobody else's business), no
/// command-line advice, never a 500. Generated: each way the audio can go wrong × each route.
@Suite struct AudioProblemAnswerTests {
  /// Ways the recorded `tone.wav` can go wrong, each applied to a fresh fixture.
  static let damages: [(name: String, apply: @Sendable (URL) throws -> Void)] = [
    ("missing", { try FileManager.default.removeItem(at: $0) }),
    ("changed", { try Data("RIFF but not the recorded file".utf8).write(to: $0) }),
    (
      "a folder",
      { url in
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      }
    ),
    (
      "a FIFO",
      { url in
        try FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o600) == 0)
      }
    ),
  ]

  static let routes = ["peaks", "render.wav", "render.flac"]

  @Test func everyAudioProblemIsA409WithoutAPath() async throws {
    for damage in Self.damages {
      let fixture = try await InspectorFixture()
      try damage.apply(fixture.directory.appending(path: "tone.wav"))
      let id = fixture.id
      let root = fixture.directory.path
      try await fixture.test { client in
        for route in Self.routes {
          let response = try await client.execute(
            uri: "/api/sessions/\(id)/\(route)", method: .get)
          let body = String(buffer: response.body)
          #expect(response.status == .conflict, "\(damage.name), \(route): \(body)")
          #expect(body.hasPrefix(#"{"error":"the session"#), "\(damage.name), \(route): \(body)")
          for leak in [root, "tone.wav", "--audio", "/"] {
            #expect(!body.contains(leak), "\(damage.name), \(route) names \(leak): \(body)")
          }
        }
      }
    }
  }
}
