import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// `sharp9 play SONG`: the live practice player. Every key is one action through the app core;
/// the device clocks the same pipeline `sharp9 render` runs, so the render of the session is what
/// was heard.
struct PlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "play",
    abstract: "Practice a song: a full-screen player that records the session as you play.",
    discussion: """
      Plays SONG (anything libsndfile reads) through the audio device and records every key as \
      an action in the session database. Keys: Space play/pause, a/b set A/B, l loop, c A/B \
      button, m mark, x delete marker, ←/→ skip, Home/End prev/next, -/= speed, d speed cycle, \
      [/] pitch, u/r undo/redo, 1-4 mode, L lock (unlock: L three times within a second), ? help, \
      q quit. Quitting prints the session id and the command that renders what you heard. \
      --session ID continues a session: loop, markers, speed and pitch as you left them.
      """)

  @Argument(help: ArgumentHelp("The song to practise.", valueName: "song"))
  var song: String

  @Option(
    help: ArgumentHelp(
      "The output device: (part of) a name from `sharp9 devices`.", valueName: "name"))
  var device: String?

  @Option(
    help: ArgumentHelp(
      "Also write what is sent to the device to this file, in the format its extension names"
        + " (wav or none: 32-bit float WAV; aiff float; flac 24-bit; ogg, opus, mp3).",
      valueName: "path"))
  var tee: String?

  @Flag(help: "Replace the --tee file if it exists.")
  var force = false

  @Option(
    help: ArgumentHelp(
      "Continue this session (id or unique prefix) instead of starting one.", valueName: "id"))
  var session: String?

  @Flag(help: "Start a new session even when the file has one to continue (no question asked).")
  var new = false

  @Flag(help: .hidden)
  var noDevice = false

  @Option(help: .hidden)
  var latencyLog: String?

  @OptionGroup var database: DatabaseOptions

  /// Frames per device callback: 256 (5.8 ms at 44.1 kHz, 5.3 ms at 48 kHz; the issue allows 10).
  static let framesPerCallback = 256

  func run() throws {
    try PlayFailure.reporting { try play() }
  }

  private func play() throws {
    let teeTarget = try checkOutputs()
    let url = URL(filePath: song)
    // Read like every command reads audio: a damaged file is 65, a missing one 66.
    let audio = try DecodedAudio(url: url)
    let audioSource = try RecordedAudio.describing(song)
    // Created before the device or the database: a tee that cannot be written stops nothing
    // half-started (its temporary file goes with the writer).
    let teeWriter = try teeTarget.map { target in
      try AudioFileWriter(
        url: URL(filePath: target.path), container: target.container, sample: target.sample,
        sampleRate: audio.format.sampleRate, channels: audio.format.channels)
    }
    let mute = StandardErrorMute()
    defer { mute.restore() }
    // The device is looked up before the database is touched: no output, no session.
    let device = try noDevice ? nil : DeviceOutput.find(name: device)
    let store = try EventStore(path: database.resolvedPath, synchronous: .normal)
    let previous =
      try session.map { try store.session(matching: $0) }
      ?? (new ? nil : ContinueOffer.ask(store: store, audio: audioSource))
    let start = try PlayerStart(previous: previous, store: store, audio: audio)
    let engine = try LiveEngine(
      audio: audio, startFrame: start.frame, timeline: start.timeline,
      framesPerCallback: Self.framesPerCallback, teeSeconds: tee == nil ? 0 : 30)
    let output = try device.map { try DeviceOutput(device: $0, engine: engine) }
    let core = try AppCore(
      dependencies: AppDependencies(log: store, engine: engine),
      start: previous.map { .continuing($0) }
        ?? .new(
          NewSessionInfo(
            title: url.lastPathComponent, audio: audioSource,
            sharp9Version: Sharp9Command.release)),
      reportsLoadResults: false)
    let player = try PlayerLoop(
      core: core, engine: engine, output: output, tee: teeWriter, song: url,
      isNew: previous == nil, measuring: latencyLog != nil)
    let outcome = player.run()
    if let latencyLog, let probe = player.latency {
      try Data(probe.text.utf8).write(to: URL(filePath: latencyLog))
    }
    try teeWriter?.finish()
    try core.finish()
    if let record = core.session {
      var out = StandardOutput()
      out.line("session \(record.idString)")
      let db = database.path.map { " --db \($0)" } ?? ""
      out.line("render it: sharp9 render \(record.idString) -o practice.wav\(db)")
      try out.flush()
    }
    if let error = outcome { throw error }
  }

  /// Checks `--tee` (and the latency log) by the rule every output follows, before the song is
  /// read, the database opened or the device started: never the database, its companions or the
  /// song, never replaced without `--force`, in a format its extension names.
  ///
  /// - Returns: the tee's path, container and samples (float where the container stores it,
  ///   24-bit in FLAC), or nil without `--tee`.
  private func checkOutputs() throws -> (
    path: String, container: AudioContainer, sample: AudioSampleFormat
  )? {
    var inputs = OutputFile.databaseInputs(database.resolvedPath)
    inputs.append(("the song being played", song))
    if let latencyLog {
      let others = inputs + (tee.map { [("the --tee file", $0)] } ?? [])
      try OutputFile.check(latencyLog, inputs: others, force: force)
    }
    guard let tee else { return nil }
    try OutputFile.check(tee, inputs: inputs, force: force)
    let container = try AudioOutputOptions.container(for: tee, hint: "")
    return (tee, container, container == .flac ? .pcm24 : .float)
  }
}
