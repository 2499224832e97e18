import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Player
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

  @OptionGroup var output: DeviceOptions

  @Option(
    help: ArgumentHelp(
      "The input takes are recorded from (R): (part of) a name from `sharp9 devices`. Without"
        + " it the system's default input, opened when R first arms.", valueName: "name"))
  var input: String?

  @OptionGroup var buffer: DeviceBufferOptions

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

  @Option(help: .hidden)
  var latencyLog: String?

  @OptionGroup var database: DatabaseOptions

  /// Frames per device callback: 256 (5.8 ms at 44.1 kHz, 5.3 ms at 48 kHz; the issue allows 10).
  static let framesPerCallback = 256

  func run() throws {
    let teeTarget = try checkOutputs()
    // Read like every command reads audio: a damaged file is 65, a missing one 66.
    let audio = try DecodedAudio(url: URL(filePath: song))
    let audioSource = try RecordedAudio.describing(song)
    // Created before the device or the database: a tee that cannot be written stops nothing
    // half-started (its temporary file goes with the writer).
    let teeWriter = try teeTarget.map { target in
      try AudioFileWriter(
        url: URL(filePath: target.path), container: target.container, sample: target.sample,
        sampleRate: audio.format.sampleRate, channels: audio.format.channels)
    }
    let bufferMilliseconds = try buffer.milliseconds()
    let takes = TakeLibrary(databasePath: database.resolvedPath)
    // Printed before the screen starts (it shows the first line too).
    let recovered = try RecoveredTakesText.recover(
      takes, databasePath: database.sqlitePath(for: "run `sharp9 play`"))
    var options = TerminalPlayer.Options(
      audio: audio, deviceName: output.device, inputName: input,
      takes: takes, usesDevice: !output.noDevice,
      tee: teeWriter,
      measuresLatency: latencyLog != nil, framesPerCallback: Self.framesPerCallback,
      newSession: NewSessionInfo(
        title: audio.url.lastPathComponent, audio: audioSource,
        sharp9Version: Sharp9Command.release))
    options.bufferMilliseconds = bufferMilliseconds
    options.startNotice = recovered.first
    let outcome = try TerminalPlayer.run(options) {
      // Each key is appended before the next is read; `normal` survives kill -9 (not power
      // loss) and keeps an append well inside a frame of the screen. SQLite only for now: on
      // PostgreSQL every tick waits for a synchronous commit, and with a device the render no
      // longer matched the tee (test-player, 2026-11-26).
      let store = try EventStore(
        path: database.sqlitePath(for: "run `sharp9 play`"), synchronous: .normal)
      let previous =
        try session.map { try store.session(matching: $0) }
        ?? (new ? nil : ContinueOffer.ask(store: store, audio: audioSource))
      return (store, previous)
    }
    for late in outcome.late { StandardError.line(Self.warning(late)) }
    if let latencyLog, let text = outcome.latencyText {
      try Data(text.utf8).write(to: URL(filePath: latencyLog))
    }
    if let record = outcome.session {
      var out = StandardOutput()
      out.line("session \(record.idString)")
      out.line(
        "render it: sharp9 render \(record.idString) -o practice.wav\(database.repeated)")
      try out.flush()
    }
    if let failure = outcome.failure { throw failure }
  }

  /// The line for an action heard later than its event says: where the render differs from the
  /// tee, and what to look at (a send longer than its room, or, with a short send, a device that
  /// rendered faster than its clock). `session` names the session where a process plays several
  /// (`sharp9 app`).
  static func warning(_ late: LateActions.Late, session: UUID? = nil) -> String {
    let seconds = FloatingPointFormatStyle<Double>().precision(.fractionLength(3))
    let milliseconds = FloatingPointFormatStyle<Double>().precision(.fractionLength(1))
    return
      "sharp9: warning: \(session.map { "session \($0.uuidString.lowercased()): " } ?? "")"
      + "\(late.kind.rawValue) at \((late.atSec).formatted(seconds)) s was heard"
      + " \((late.lateBySec * 1000).formatted(milliseconds)) ms late (its send took"
      + " \((late.sendSec * 1000).formatted(milliseconds)) ms, with"
      + " \((late.roomSec * 1000).formatted(milliseconds)) ms of room): the render differs from"
      + " what was heard there"
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
    var inputs = OutputFile.databaseInputs(database.databaseFile)
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
