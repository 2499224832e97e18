import Foundation
import HTTPTypes
import Hummingbird
import Sharp9App
import Sharp9Audio
import Sharp9Domain

/// The practice page's API (`sharp9 app`), behind the same Host, cross-site and token guards as
/// the inspector's:
/// - `GET /api/app/live`: server-sent events, one `state` message (a ``PracticeSnapshot``) each
///   time what the page shows changed, ≥ 30 a second while playing;
/// - `POST /api/app/input`: `{"key":"a"}` (the terminal player's bindings), `{"action":{…}}`
///   (a musician's action in the interchange form: a tap's time, the unlock), `{"typed":…}`, or
///   `{"midi":{…}}` (a MIDI press, sent as the key it is bound to: ``addMIDIBindingRoutes(to:)``);
///   the page itself sends the same inputs over one WebSocket (``practiceInputRouter(host:)``);
/// - `POST /api/app/songs?name=FILE`: an audio file's bytes; kept in the library and opened (the
///   open session ends on a pause first);
/// - `POST /api/app/offer`: `{"continue": true}` continues the last session of a song opened
///   again, `false` starts a new one where that session left the song (the snapshot's `offer`);
/// - `POST /api/app/close`: ends the open session on a pause;
/// - `GET /api/app/peaks` (the open song's waveform), `GET /api/app/keys` (the key table).
///
/// States come by server-sent events: `EventSource` reconnects by itself after a reload or a
/// dropped connection, and the stream is a plain HTTP request the middleware already checks.
extension InspectorServer {
  /// The largest input request, in bytes.
  static let maxInputBytes = 4096
  /// The longest the live stream stays silent: how soon a page that left is noticed.
  static let heartbeat = Duration.seconds(1)

  func addPracticeRoutes(to router: Router<some RequestContext>, host: PracticeHost) {
    router.get("/api/app/live") { _, _ in
      let body = ResponseBody { writer in
        host.pageArrived()
        defer { host.pageLeft() }
        var sent = 0
        try await writer.write(ByteBuffer(string: "retry: 500\n\n"))
        var lastWrite = ContinuousClock.now
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
          let (version, json) = host.snapshot
          if version != sent {
            sent = version
            try await writer.write(
              ByteBuffer(string: "id: \(version)\nevent: state\ndata: \(json)\n\n"))
            lastWrite = .now
          } else if ContinuousClock.now - lastWrite >= Self.heartbeat {
            // A comment: a page that is gone makes this write fail, so it is counted as gone
            // even when nothing changes.
            try await writer.write(ByteBuffer(string: ":\n\n"))
            lastWrite = .now
          }
          try await Task.sleep(for: PracticeHost.publishInterval / 2)
        }
        try await writer.finish(nil)
      }
      return Response(
        status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
        body: body)
    }
    router.get("/api/app/peaks") { _, _ in
      guard let peaks = host.peaks else { throw APIFailure(.conflict, Self.noSong) }
      return APIResponse.json(peaks)
    }
    router.get("/api/app/keys") { _, _ in
      try APIResponse.json(PlayerBindings.help.map { KeyHelp(keys: $0.keys, what: $0.what) })
    }
    router.post("/api/app/input") { request, _ in
      var request = request
      try Self.requireJSON(request)
      try await take(try await request.collectBody(upTo: Self.maxInputBytes), host: host)
      return APIResponse.json("{}")
    }
    router.post("/api/app/offer") { request, _ in
      var request = request
      try Self.requireJSON(request)
      let body = try await request.collectBody(upTo: Self.maxInputBytes)
      guard
        let answer = try? Interchange.decoder().decode(
          OfferAnswer.self, from: Data(body.readableBytesView))
      else {
        throw APIFailure(.badRequest, "the answer must be {\"continue\": true} or false")
      }
      do {
        try await host.answer(continues: answer.continue)
      } catch is PracticeHost.NoOffer {
        throw APIFailure(.conflict, "no song is waiting for an answer; open one first")
      }
      return APIResponse.json("{}")
    }
    router.post("/api/app/close") { request, _ in
      var request = request
      let body = try await request.collectBody(upTo: Self.maxInputBytes)
      guard body.readableBytes == 0 else {
        throw APIFailure(.badRequest, "close takes no body; send an empty POST")
      }
      try await host.close()
      return APIResponse.json("{}")
    }
    let maxBytes = configuration.maxSongBytes
    let uploads = configuration.workDirectory.appending(path: "uploads")
    let songs = SongLibrary(databasePath: host.databasePath)
    router.post("/api/app/songs") { request, _ in
      let name = request.uri.queryParameters.get("name") ?? "song"
      let tooLarge = APIFailure(.contentTooLarge, "a song may be at most \(maxBytes) bytes")
      try Self.refuseFormsAndText(request)
      let length = try request.seq(header: .contentLength)
      if let length, length > maxBytes { throw tooLarge }
      try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
      let file = uploads.appending(path: UUID().uuidString)
      defer { try? FileManager.default.removeItem(at: file) }
      let arriving = DecodeWhileArriving(url: file, announcedBytes: length)
      let upload = try await UploadedFile.receive(
        request.body, into: file, maxBytes: maxBytes, growing: arriving?.file)
      guard upload.bytes <= maxBytes else { throw tooLarge }
      // A body that ended before the length it announced is a client that went away (the
      // server sees only the end of the stream): what arrived is not the file it chose.
      if let length, upload.bytes != length {
        throw APIFailure(
          .badRequest, "the upload ended before the length it announced; import the file again")
      }
      guard upload.bytes > 0 else {
        throw APIFailure(.unprocessableContent, "the file is empty; choose an audio file")
      }
      let (kept, format) = try await StoreThread.run {
        // Read before it is kept: a file that is not audio leaves nothing behind.
        let format: AudioFormat
        do {
          format = try AudioFileReader(url: file).format
        } catch is AudioFileError {
          throw APIFailure(
            .unsupportedMediaType,
            "the file is not audio sharp9 can read; choose a WAV, FLAC, Ogg, Opus or MP3 file")
        }
        return (try songs.keepUpload(file, sha256: upload.sha256, name: name), format)
      }
      let audio: DecodedAudio
      if let decoded = await arriving?.audio(of: upload, readAs: format) {
        audio = decoded.sharingSamples(as: kept)
      } else {
        audio = try await StoreThread.run { try DecodedAudio(url: kept) }
      }
      try await host.open(PracticeHost.Song(audio: audio, name: name, sha256: upload.sha256))
      return APIResponse.json("{}", status: .created)
    }
  }

  static let noSong = "no song is open; import one first"

  /// Checks one input of the page (the body of `POST /api/app/input`, or a message on
  /// `/api/app/inputs`) and sends it to the session; returns when the session has taken it.
  func take(_ body: ByteBuffer, host: PracticeHost) async throws {
    let input: PracticeHost.Input
    switch try Self.practiceInput(body) {
    case .input(let given): input = given
    case .midi(let message):
      // A message bound to nothing is no mistake (a pedal pressed before it was learned).
      guard let key = try await boundKey(message) else { return }
      input = .key(key)
    }
    do {
      try await host.send(input)
    } catch is PracticeHost.NoSong {
      throw APIFailure(.conflict, Self.noSong)
    }
  }

  /// The media type of `request`'s body, lower-cased without parameters, or nil without one.
  private static func mediaType(_ request: Request) -> String? {
    request.headers[.contentType].map {
      $0.split(separator: ";", maxSplits: 1).first.map(String.init)?
        .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    }
  }

  /// Input and answers are JSON: a body declared as anything else (a form, text) is refused
  /// before it is read. No declared type is taken as JSON (a script's client).
  static func requireJSON(_ request: Request) throws {
    guard let type = mediaType(request), type != "application/json" else { return }
    throw APIFailure(.unsupportedMediaType, "send JSON (Content-Type: application/json)")
  }

  /// A song is an audio file's bytes, whatever type the browser gives the file; a form or text
  /// (what a cross-site form posts) is refused before it is read.
  static func refuseFormsAndText(_ request: Request) throws {
    guard let type = mediaType(request),
      type.hasPrefix("text/") || type.hasPrefix("multipart/") || type.hasSuffix("json")
        || type == "application/x-www-form-urlencoded"
    else { return }
    throw APIFailure(
      .unsupportedMediaType, "send the audio file's bytes as the body, not a form or text")
  }

  /// One line of the key table.
  private struct KeyHelp: Encodable {
    var keys: String
    var what: String
  }

  private struct OfferAnswer: Decodable {
    var `continue`: Bool
  }

  private struct InputBody: Decodable {
    var key: String?
    var action: Action?
    var typed: String?
    var midi: MIDIMessageBody?
  }

  /// The page's input, checked: for the session, or a MIDI press to look up.
  enum PageInput {
    case input(PracticeHost.Input)
    case midi(MIDIMessageBody.Checked)
  }

  /// The longest line the page may type (a section's name is at most 100 characters).
  static let typedLengthLimit = 200

  /// The page's input, checked: a key the bindings know, a musician's action other than
  /// opening a file (songs come through `/api/app/songs`), or a line typed as at the player's
  /// prompt (``TypedCommand``).
  static func practiceInput(_ body: ByteBuffer) throws -> PageInput {
    let data = Data(body.readableBytesView)
    let decoded: InputBody
    do {
      decoded = try Interchange.decoder().decode(InputBody.self, from: data)
    } catch {
      throw APIFailure(
        .badRequest,
        "input must be {\"key\": KEY}, {\"action\": ACTION}, {\"typed\": LINE} or {\"midi\": MESSAGE}"
      )
    }
    // A field the input does not have is a mistake (or a probe), never ignored: the same rule
    // as a script line's.
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    let action = object?["action"] as? [String: Any]
    let midi = object?["midi"] as? [String: Any]
    guard let object, Set(object.keys).isSubset(of: ["key", "action", "typed", "midi"]),
      action.map({ Set($0.keys).isSubset(of: ["type"] + (decoded.action?.kind.fieldNames ?? [])) })
        ?? true,
      midi.map({ Set($0.keys).isSubset(of: MIDIMessageBody.fields) }) ?? true
    else {
      throw APIFailure(.badRequest, "input has a field it does not take; send only what it needs")
    }
    switch (decoded.key, decoded.action, decoded.typed, decoded.midi) {
    case (nil, nil, let line?, nil):
      guard line.count <= typedLengthLimit else {
        throw APIFailure(.badRequest, "a typed line is at most \(typedLengthLimit) characters")
      }
      return .input(.typed(line))
    case (let name?, nil, nil, nil):
      guard let key = PlayerKey.named(name) else {
        throw APIFailure(.badRequest, "no such key; send one printable character or an arrow")
      }
      return .input(.key(key))
    case (nil, let action?, nil, nil):
      guard action.isUserAction, action.kind != .importPicked else {
        throw APIFailure(.badRequest, "only a musician's action can be sent, not \(action.kind)")
      }
      return .input(.action(action))
    case (nil, nil, nil, let message?):
      return .midi(try message.checked())
    default:
      throw APIFailure(.badRequest, "send one of a key, an action, a typed line or a MIDI message")
    }
  }
}
