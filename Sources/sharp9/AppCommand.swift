import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Server
import Sharp9Store

/// `sharp9 app [SONG]`: the practice screen in the browser, on the live engine `sharp9 play`
/// uses. Every click and key in the page is one action through the app core.
struct AppCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract: "Practise in the browser: the practice screen, played through the audio device.",
    discussion: """
      Starts the live engine and a web server, and prints the URL to open (it carries a token \
      that is new on every run). Import a song in the page (or give SONG): it is kept in the \
      library beside the database (songs/, by SHA-256) and played through the audio device; \
      every tap, button and key is recorded in the session database, as in sharp9 play. One \
      song is one session: opening another song, the close button, Ctrl-C or SIGTERM end the \
      open session on a pause, and so does closing the last page (after --close-after seconds, \
      time for a reload). Opening a song practised before offers to continue its last session \
      or to start a new one with that session's markers, speed and pitch. The inspector is \
      served beside it (the page's menu), and the render of the session (WAV or FLAC). The \
      menu's song library reopens a song practised before; its settings choose the output \
      device for the next song opened and bind MIDI pedals and controllers (Web MIDI) to the \
      page's controls, kept in the database. With --input NAME the page's record button (or R) \
      arms recording: takes of what you play are kept beside the database, as in sharp9 play.
      """)

  @Argument(help: ArgumentHelp("A song to open at once.", valueName: "song"))
  var song: String?

  @OptionGroup var output: DeviceOptions

  @Option(
    help: ArgumentHelp(
      "The input takes are recorded from (R, or the page's record button): (part of) a name from"
        + " `sharp9 devices`. Without it the system's default input, opened when recording is"
        + " first armed.", valueName: "name"))
  var input: String?

  @OptionGroup var buffer: DeviceBufferOptions

  @Option(
    help: ArgumentHelp(
      "Also write what the first song's session sends to the device to this file (wav, aiff,"
        + " flac, ogg, opus, mp3 by its extension).", valueName: "path"))
  var tee: String?

  @Flag(help: "Replace the --tee file if it exists.")
  var force = false

  @Option(
    help: ArgumentHelp(
      "End the open session on a pause this many seconds after the last page closed.",
      valueName: "seconds"))
  var closeAfter: Double = 30

  @OptionGroup var server: ServerOptions

  /// Each input's way to the device, written on exit (scripts/bench-app.sh), as `sharp9 play`'s.
  @Option(help: .hidden)
  var latencyLog: String?

  func validate() throws {
    guard closeAfter.isFinite, (0.1...86_400).contains(closeAfter) else {
      throw ValidationError("--close-after must be 0.1…86400 seconds, not \(closeAfter)")
    }
  }

  @OptionGroup var database: DatabaseOptions

  func run() async throws {
    let databasePath = try database.sqlitePath(for: "run `sharp9 app`")
    let teeTarget = try checkedTee(databasePath: databasePath)
    let bufferMilliseconds = try buffer.milliseconds()
    // Read like every command reads audio (a damaged file is 65, a missing one 66), before the
    // database or the device: a song that cannot be played leaves nothing behind. Decoded once,
    // while its bytes are kept in the library.
    let opened = try song.map {
      try SongLibrary(databasePath: databasePath).open(URL(filePath: $0), name: $0)
    }
    // The device and the input are looked up before the database is created, as `play` does:
    // without an output, or without the input asked for, nothing is left behind.
    let device = output.noDevice ? nil : try DeviceOutput.find(name: output.device)
    let input = try DeviceOutput.input(named: self.input, on: device)
    // Created (and migrated) before the server opens it: the app starts on an empty library.
    _ = try StoreLocation.sqlite(path: databasePath).open(.createIfMissing)
    _ = try RecoveredTakesText.recover(
      TakeLibrary(databasePath: databasePath), databasePath: databasePath)
    let makeTee: (@Sendable (DecodedAudio) throws -> AudioFileWriter?)? = teeTarget.map {
      let (path, container) = $0
      return { @Sendable audio in
        try AudioFileWriter(
          url: URL(filePath: path), container: container,
          sample: container == .flac ? .pcm24 : .float,
          sampleRate: audio.format.sampleRate, channels: audio.format.channels)
      }
    }
    let practice = PracticeHost(
      options: PracticeHost.Options(
        databasePath: databasePath, device: device, inputName: input?.name,
        framesPerCallback: PlayCommand.framesPerCallback,
        bufferMilliseconds: bufferMilliseconds, sharp9Version: Sharp9Command.release,
        makeTee: makeTee, pageGrace: .milliseconds(Int64((closeAfter * 1000).rounded())),
        measuresLatency: latencyLog != nil,
        // As `play` says them on exit, but as each session ends: the app outlives its sessions.
        reportLate: { session, found in
          for late in found { StandardError.line(PlayCommand.warning(late, session: session)) }
        }))
    do {
      if let song, let opened {
        try await practice.open(
          PracticeHost.Song(
            audio: opened.audio, name: URL(filePath: song).lastPathComponent,
            sha256: opened.sha256))
      }
      let inspector = try InspectorServer(
        databasePath: databasePath,
        configuration: .init(
          host: server.host, port: server.port, sharp9Version: Sharp9Command.release),
        practice: practice)
      let server = server
      try await inspector.run { port in
        server.announce("sharp9 app", url: inspector.url(port: port))
      }
    } catch {
      await practice.shutdown()
      throw error
    }
    await practice.shutdown()
    if let latencyLog, let text = practice.latencyText {
      try Data(text.utf8).write(to: URL(filePath: latencyLog))
    }
  }

  /// Checks `--tee` (and the latency log) by the rule every output follows, before anything
  /// starts.
  private func checkedTee(databasePath: String) throws -> (
    path: String, container: AudioContainer
  )? {
    var inputs = OutputFile.databaseInputs(databasePath)
    if let song { inputs.append(("the song being played", song)) }
    if let latencyLog {
      let others = inputs + (tee.map { [("the --tee file", $0)] } ?? [])
      try OutputFile.check(latencyLog, inputs: others, force: force)
    }
    guard let tee else { return nil }
    try OutputFile.check(tee, inputs: inputs, force: force)
    return (tee, try AudioOutputOptions.container(for: tee, hint: ""))
  }
}
