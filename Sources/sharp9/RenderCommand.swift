import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// `sharp9 render SESSION -o OUT.wav ...`: what the musician heard, as an audio file.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render what was heard during a session to an audio file.",
    discussion: """
      Replays the session and plays its engine commands on a virtual clock: the output is \
      wall-clock audio at the source's sample rate and channels (24-bit unless --bits), with loops, seeks, \
      speed and pitch exactly as the playback timeline says (see `sharp9 timeline`). Paused \
      spans are silence unless --skip-pauses. The source audio is the session's recorded file, \
      checked against its recorded SHA-256. The output file appears complete or not at all. \
      --with-takes adds the session's takes (recorded with R in sharp9 play) on the frames they \
      were recorded at; --takes-only renders them alone.
      """)

  @OptionGroup var session: SessionArgument

  @Option(name: .shortAndLong, help: ArgumentHelp("The audio file to write.", valueName: "path"))
  var output: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Start at this session time (seconds, or MM:SS.xx).", valueName: "time"))
  var from: SessionTime?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("End at this session time (seconds, or MM:SS.xx).", valueName: "time"))
  var to: SessionTime?

  @Flag(help: "Leave paused spans out instead of writing them as silence.")
  var skipPauses = false

  @Flag(help: "Mix the session's takes over the song, each on the frames it was recorded at.")
  var withTakes = false

  @Flag(help: "Render the session's takes alone, on the frames they were recorded at.")
  var takesOnly = false

  @OptionGroup var audioOutput: AudioOutputOptions

  @Option(
    help: ArgumentHelp(
      "Sample format: pcm24, pcm16 or float (32-bit: bit for bit what `sharp9 play --tee` wrote);"
        + " the same as --bits 24, 16 or float."))
  var sample: AudioSampleFormat?

  @Flag(
    help: "Compare the recorded tick positions with the model: the largest drift and where.")
  var report = false

  @Option(
    help: ArgumentHelp(
      "Render from this audio file instead of the session's recorded one.", valueName: "path"))
  var audio: String?

  @Flag(help: "Render even when the audio file differs from the one the session recorded.")
  var allowDifferentAudio = false

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    if withTakes && takesOnly {
      throw ValidationError("--with-takes and --takes-only cannot be used together.")
    }
    if (withTakes || takesOnly) && skipPauses {
      throw ValidationError(
        "--skip-pauses cannot be used with takes: they sound on the session's own timeline.")
    }
    if let from, let to, to.seconds <= from.seconds {
      throw ValidationError("--to must be later than --from.")
    }
  }

  /// Reads a take the session listened back to (asked only when it did: the take library is
  /// beside an SQLite database only).
  private func listenedTake(_ take: TakeRecording) throws -> DecodedAudio {
    let path = try database.sqlitePath(for: "render a session that listened back to takes")
    return try SessionTakes.listenedAudio(database: path)(take)
  }

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let endSec = min(to?.seconds ?? .infinity, RecordedPlayback.endSec(of: record))
    if let from, from.seconds >= endSec {
      throw CommandFailure(
        .usage,
        "invalid --from \(formatTime(from.seconds)): it is not before the session's end"
          + " (\(formatTime(endSec))). Give an earlier time")
    }
    let source = try SessionAudioFile.resolve(record, override: audio, force: allowDifferentAudio)
    var inputs = OutputFile.databaseInputs(database.databaseFile)
    inputs.append(("the session's source audio", source.path))
    if let recorded = record.audio?.path {
      inputs.append(("the session's recorded audio", recorded))
    }
    try OutputFile.check(output, inputs: inputs, force: force)
    let (container, bits) = try audioOutput.resolve(for: output, defaultSample: .pcm24)
    let sample = self.sample ?? bits
    let mode: TakeMixSink.Mode? = withTakes ? .withTakes : takesOnly ? .takesOnly : nil
    let takes = try mode.map { mode in
      (
        mode,
        try SessionTakes.placements(
          of: record, in: store,
          database: database.sqlitePath(for: "render a session's takes"))
      )
    }
    let bar = ProgressBar(label: "render")
    let (probe, frames, drift) = try SessionRender.render(
      record, from: store, source: source, to: URL(filePath: output), container: container,
      sample: sample,
      settings: RenderSettings(fromSec: from?.seconds ?? 0, toSec: endSec, skipPauses: skipPauses),
      takes: takes, takeAudio: listenedTake, progress: bar.update)
    bar.finish()
    var out = StandardOutput()
    let seconds = Double(frames) / Double(probe.sampleRate)
    out.line(
      "rendered \(formatTime(seconds)) of session \(record.idString) "
        + "(\(probe.sampleRate) Hz, \(probe.channels) ch) to \(output)")
    if report { for line in DriftReportText.lines(drift) { out.line(line) } }
    try out.flush()
  }
}

extension AudioSampleFormat: ExpressibleByArgument {}
