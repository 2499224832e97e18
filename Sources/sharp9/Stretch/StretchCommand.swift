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

  @Argument(help: "The file to write (replaced only once complete).")
  var output: String

  @Option(help: "Playback speed, 0.25…2 (1 = original tempo, 0.5 = half speed).")
  var speed: Double = 1

  @Option(help: "Transposition in semitones, −12…12 (fractions allowed).")
  var pitch: Double = 0

  @Option(help: "fast, standard or best (resampler and vocoder overlap).")
  var quality: StretchQuality = .standard

  @Option(help: "Output container: wav or flac (default: from OUT's extension, else wav).")
  var format: String?

  @Option(help: "Output samples: 16, 24 or float (float is WAV only).")
  var bits: String = "16"

  func run() throws {
    try CommandFailure.reporting {
      let settings = try makeSettings()
      let bar = ProgressBar(label: "stretch")
      defer { bar.finish() }
      let frames = try StretchFile.stretch(
        input: URL(filePath: input), output: URL(filePath: output), settings: settings,
        progress: bar.update)
      bar.finish()
      print("wrote \(output) (\(frames) frames)")
    }
  }

  private func makeSettings() throws -> StretchFile.Settings {
    guard (0.25...2).contains(speed) else {
      throw CommandFailure("--speed must be within 0.25…2 (got \(speed))")
    }
    guard (-12...12).contains(pitch) else {
      throw CommandFailure("--pitch must be within −12…12 semitones (got \(pitch))")
    }
    let containerName = format ?? (output.lowercased().hasSuffix(".flac") ? "flac" : "wav")
    guard let container = AudioContainer(rawValue: containerName.lowercased()) else {
      throw CommandFailure("--format must be wav or flac (got \(containerName))")
    }
    let sample: AudioSampleFormat
    switch bits.lowercased() {
    case "16": sample = .pcm16
    case "24": sample = .pcm24
    case "float", "32": sample = .float
    default: throw CommandFailure("--bits must be 16, 24 or float (got \(bits))")
    }
    if container == .flac && sample == .float {
      throw CommandFailure("FLAC cannot store float samples; use --bits 16 or 24")
    }
    return StretchFile.Settings(
      speed: speed, pitchSemitones: pitch, quality: quality, container: container,
      sample: sample)
  }
}
