import Foundation
import Hummingbird
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The practice page's menu beyond the session (`sharp9 app`):
/// - `GET /api/app/devices` (``DeviceChoice``), `POST /api/app/device` `{"name": NAME}`: the
///   output the next song opened plays on (the open session keeps its own);
/// - `GET /api/app/library`: the songs kept in the library that have been practised, the latest
///   first (``LibrarySong``); `POST /api/app/library/open` `{"song": SHA256}` opens one, as an
///   import does (a new session, or the offer to continue the last one).
extension InspectorServer {
  func addPracticeSettingsRoutes(to router: Router<some RequestContext>, host: PracticeHost) {
    router.get("/api/app/devices") { _, _ in
      try APIResponse.json(try await host.devices())
    }
    router.post("/api/app/device") { request, _ in
      let chosen = try await Self.choice(
        DeviceName.self, in: request, shape: "choose a device as {\"name\": NAME}")
      do {
        try await host.choose(device: chosen.name)
      } catch let error as PlayerUnavailable {
        throw APIFailure(.unprocessableContent, error.message)
      }
      return APIResponse.json("{}")
    }
    let library = library
    let songs = SongLibrary(databasePath: host.databasePath)
    router.get("/api/app/library") { _, _ in
      let sessions = try await library.withLog { try $0.sessions() }
      return try APIResponse.json(LibrarySong.list(sessions, kept: { songs.song(sha256: $0) }))
    }
    router.post("/api/app/library/open") { request, _ in
      let chosen = try await Self.choice(
        SongChoice.self, in: request, shape: "choose a song as {\"song\": SHA256}")
      let sessions = try await library.withLog { try $0.sessions() }
      guard let file = songs.song(sha256: chosen.song),
        let known = LibrarySong.list(sessions, kept: { songs.song(sha256: $0) })
          .first(where: { $0.song == chosen.song })
      else { throw APIFailure(.notFound, "the library holds no such song; import it") }
      let song = try await StoreThread.run {
        do {
          return PracticeHost.Song(
            audio: try DecodedAudio(url: file), name: known.title, sha256: chosen.song)
        } catch is AudioFileError {
          throw APIFailure(
            .unprocessableContent, "the library's copy of the song cannot be read; import it again")
        }
      }
      try await host.open(song)
      return APIResponse.json("{}")
    }
  }

  /// The JSON body of `request` (at most ``maxInputBytes``) as `type`; 400 saying `shape`
  /// otherwise.
  private static func choice<Choice: Decodable>(
    _ type: Choice.Type, in request: Request, shape: String
  ) async throws -> Choice {
    var request = request
    try requireJSON(request)
    let body = try await request.collectBody(upTo: maxInputBytes)
    guard let chosen = try? JSONDecoder().decode(type, from: Data(body.readableBytesView)) else {
      throw APIFailure(.badRequest, shape)
    }
    return chosen
  }

  private struct DeviceName: Decodable {
    var name: String
  }

  private struct SongChoice: Decodable {
    var song: String
  }
}

/// A song of the library as the page lists it.
struct LibrarySong: Encodable, Sendable {
  /// The audio's SHA-256: the song's name in the library.
  var song: String
  /// The name it was opened under last.
  var title: String
  var durationSec: Double?
  /// `MM:SS.xx`, or nil when the duration is not recorded.
  var durationText: String?
  /// When it was last practised (the end of its latest session, else its start), ISO 8601.
  var lastPractised: String
  var sessions: Int

  /// The songs of `sessions` whose audio the library keeps (`kept`), the latest practised first.
  static func list(_ sessions: [SessionRecord], kept: (String) -> URL?) -> [LibrarySong] {
    let bySong = Dictionary(grouping: sessions.filter { $0.audio?.sha256 != nil }) {
      $0.audio?.sha256 ?? ""
    }
    return bySong.compactMap { sha256, sessions -> (Double, LibrarySong)? in
      guard kept(sha256) != nil,
        let latest = sessions.max(by: { practised($0) < practised($1) })
      else { return nil }
      let duration = latest.audio.flatMap { audio -> Double? in
        guard let frames = audio.frames, let rate = audio.sampleRate, rate > 0 else { return nil }
        return Double(frames) / Double(rate)
      }
      let when = practised(latest)
      return (
        when,
        LibrarySong(
          song: sha256, title: latest.title, durationSec: duration,
          durationText: duration.map(formatTime),
          lastPractised: Interchange.formatDate(Date(timeIntervalSince1970: when / 1000)),
          sessions: sessions.count)
      )
    }
    .sorted { $0.0 > $1.0 || ($0.0 == $1.0 && $0.1.song < $1.1.song) }.map(\.1)
  }

  /// When a session was last practised, in Unix milliseconds.
  private static func practised(_ session: SessionRecord) -> Double {
    Double(session.endedAt?.value ?? session.startedAt.value)
  }
}
