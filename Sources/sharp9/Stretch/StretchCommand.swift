import ArgumentParser
import Foundation
import Sharp9Audio

extension StretchQuality: ExpressibleByArgument {}

/// `sharp9 stretch IN OUT --speed S --pitch K`: changes tempo and/or pitch of a file.
struct StretchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stretch",
    abstract: "Change the speed and/or the pitch of an audio file independently.",
    discussion: """
      The output has exactly round(input frames / speed) frames and lines up with the input: \
      output time t is input time t × speed. Speed 1 with pitch 0 copies the audio bit-exactly.
      """)

  @Argument(help: "The audio file to read (WAV, AIFF, FLAC, Ogg Vorbis, Opus, MP3).")
  var input: String

  @Argument(help: ArgumentHelp("The file to write (or give it with -o).", valueName: "output"))
  var outputArgument: String?

  @Option(name: .customShort("o"), help: ArgumentHelp("The file to write.", valueName: "path"))
  var outputOption: String?

  /// The output file, as an argument or with `-o`.
  private var output: String { outputOption ?? outputArgument ?? "" }

  func validate() throws {
    guard (outputOption == nil) != (outputArgument == nil) else {
      throw ValidationError("give the output file once: as OUT or with -o")
    }
  }

  @Option(
    parsing: .unconditional, help: "Playback speed, 0.25…2 (1 = original tempo, 0.5 = half speed).")
  var speed: Double = 1

  @Option(
    parsing: .unconditional,
    help: "Transposition in semitones, -12…12 (fractions allowed; `--pitch -2` lowers).")
  var pitch = SignedNumber(0)

  @Option(help: "fast, standard or best (resampler and vocoder overlap).")
  var quality: StretchQuality = .standard

  @OptionGroup var audioOutput: AudioOutputOptions

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  func run() throws {
    try OutputFile.check(output, inputs: [("the input being stretched", input)], force: force)
    let settings = try makeSettings()
    let bar = ProgressBar(label: "stretch")
    defer { bar.finish() }
    let frames = try StretchFile.stretch(
      input: URL(filePath: input), output: URL(filePath: output), settings: settings,
      progress: bar.update)
    bar.finish()
    var text = StandardOutput()
    text.line("wrote \(output) (\(frames) frames)")
    try text.flush()
  }

  private func makeSettings() throws -> StretchFile.Settings {
    guard (0.25...2).contains(speed) else {
      throw CommandFailure(.usage, "--speed must be within 0.25…2 (got \(speed))")
    }
    let pitch = self.pitch.value
    guard (-12...12).contains(pitch) else {
      throw CommandFailure(.usage, "--pitch must be within -12…12 semitones (got \(pitch))")
    }
    let (container, sample) = try audioOutput.resolve(for: output, defaultSample: .pcm16)
    return StretchFile.Settings(
      speed: speed, pitchSemitones: pitch, quality: quality, container: container,
      sample: sample)
  }
}
