import ArgumentParser
import Sharp9App
import Sharp9Store

/// `sharp9 bundle SESSION -o FILE.sharp9 [--with-audio]`.
struct BundleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bundle",
    abstract: "Write one session to a self-contained file, for a bug report or another machine.",
    discussion: """
      The bundle is a sharp9 database holding the session (same id), its events, checkpoints and \
      versions, and with --with-audio the source audio file; from a PostgreSQL store (--store) \
      the checkpoints are made again by this sharp9's reducer. Read it with \
      `sharp9 import-bundle FILE`, or directly with `--db FILE` on any command. It is written to a \
      temporary file and renamed into place, so a failure never leaves a partial bundle.
      """)

  @OptionGroup var session: SessionArgument

  @Option(name: .shortAndLong, help: ArgumentHelp("The bundle file to write.", valueName: "file"))
  var output: String

  @Flag(help: "Embed the source audio (it must still match the recorded SHA-256).")
  var withAudio = false

  @Option(
    help: ArgumentHelp(
      "With --with-audio: embed this copy of the audio (checked against the recorded SHA-256)"
        + " instead of the one found as render finds it.", valueName: "path"))
  var audio: String?

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let log = try database.openLog(.mustExist)
    let record = try log.session(matching: session.session)
    var inputs = OutputFile.databaseInputs(database.databaseFile)
    // The file render would use: the recorded path, where it was found at import, or --audio.
    let audioFile =
      try withAudio ? SessionAudioFile.resolve(record, override: audio, force: false) : nil
    if let audioFile { inputs.append(("the session's audio", audioFile.path)) }
    try OutputFile.check(output, inputs: inputs, force: force)
    try SessionBundle.write(
      record, from: log, to: output, withAudio: withAudio, audioFile: audioFile?.path,
      sharp9Version: Sharp9Command.release)
    var text = StandardOutput()
    text.line(
      "bundled session \(record.idString) (\(record.eventCount) events"
        + (withAudio ? ", with audio" : "") + ") to \(output)")
    try text.flush()
  }
}
