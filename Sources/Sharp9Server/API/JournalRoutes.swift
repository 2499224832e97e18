import Foundation
import Hummingbird
import Sharp9App
import Sharp9Domain
import Sharp9Words

/// `GET /api/journal`: the practice journal as `sharp9 journal --json` computes it (the server's
/// local days), as one JSON array; the journal page draws it.
extension InspectorServer {
  func addJournalRoutes(to router: Router<some RequestContext>) {
    let library = library
    router.get("/api/journal") { request, _ in
      let query = request.uri.queryParameters
      let song = query["song"].map(String.init)
      if let song, song.count > 200 {
        throw APIFailure(.badRequest, "song is at most 200 characters")
      }
      let since = try query["since"].map { text in
        guard let day = PracticeJournal.validDay(String(text)) else {
          throw APIFailure(.badRequest, "since must be a day written YYYY-MM-DD")
        }
        return day
      }
      let inARow = try request.int("inARow") ?? PracticeJournal.defaultInARow
      guard (1...99).contains(inARow) else {
        throw APIFailure(.badRequest, "inARow must be 1 to 99 passes")
      }
      let entries = try await library.withOwnStore { store in
        try PracticeJournal.of(
          store, song: song, sinceDay: since, calendar: Calendar.current, inARow: inARow
        ).entries
      }
      return APIResponse.json(
        "[" + (try entries.map { try Interchange.string($0) }).joined(separator: ",") + "]\n")
    }
  }
}
