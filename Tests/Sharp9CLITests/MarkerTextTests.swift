import Foundation
import Testing

/// Markers print by number and time in every text output (`state`, `diff`, `log`), never by an
/// id prefix: marker ids derive from the session's id, so their first characters are the
/// session's and name no marker.
@Suite struct MarkerTextTests {
  /// A session with markers at 10 s and 20.5 s; event 4 deletes the first.
  private func importSession(_ cli: StoreCLI) async throws -> String {
    let adds = """
      {"session":{"startedAt":"2026-11-21T19:00:00.000Z","title":"markers"}}
      {"type":"importSucceeded","track":{"name":"take.wav","durationSec":60},"t":0}
      {"type":"addMarker","timeSec":10,"t":1}
      {"type":"addMarker","timeSec":20.5,"t":2}

      """
    // The script id of the first marker, as `reduce` creates it.
    let state = try await cli.run(["reduce", try cli.file("adds.jsonl", adds)], database: false)
    let object = try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any]
    let markers = try #require(object?["markers"] as? [[String: Any]])
    let first = try #require(markers.first?["id"] as? String)
    let script = adds + #"{"type":"deleteMarker","id":"\#(first)","t":3}"# + "\n"
    return try await cli.run(["import", try cli.file("markers.jsonl", script)]).stdout
      .trimmingCharacters(in: .newlines)
  }

  @Test func diffAndLogNameMarkersByNumberAndTime() async throws {
    let cli = try StoreCLI()
    let id = try await importSession(cli)
    let prefix = String(id.prefix(8))

    let diff = try await cli.run(["diff", id, "1", "3"])
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(diff.stdout.contains("markers[2 at 00:20.50]: (absent) → {"), "\(diff.stdout)")
    let removal = try await cli.run(["diff", id, "3", "4"])
    #expect(
      removal.stdout.contains("\nmarkers[1 at 00:10.00]: {\"id\":"), "\(removal.stdout)")

    let log = try await cli.run(["log", id])
    #expect(log.status == 0, "\(log.stderr)")
    #expect(log.stdout.contains("delete marker 1 at 00:10.00"), "\(log.stdout)")

    // A marker's id is data (the JSON values show it); it never names the marker.
    for output in [diff.stdout, removal.stdout] {
      #expect(!output.lowercased().contains("markers[\(prefix.lowercased())"), "\(output)")
    }
    #expect(!log.stdout.lowercased().contains(prefix.lowercased()), "\(log.stdout)")
  }
}
