import ArgumentParser
import Foundation
import Sharp9Audio

extension AudioContainer: ExpressibleByArgument {}

/// The `--format` and `--bits` options of every command that writes audio (`render`, `stretch`):
/// the container follows the output's extension unless `--format` names one, and a name that
/// would lie about its contents (`-o take.m4a`) is refused before anything is written.
struct AudioOutputOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Output format: wav, flac, aiff, ogg, opus or mp3 (default: from the output's extension;"
        + " wav when it has none).", valueName: "format"))
  var format: AudioContainer?

  @Option(
    help: ArgumentHelp(
      "Output samples for wav, flac and aiff: 16, 24 or float (float: wav and aiff only;"
        + " default: 24 for render, 16 for stretch).", valueName: "bits"))
  var bits: String?

  /// The container and sample format to write `path` with.
  ///
  /// - Throws: ``CommandFailure`` (status 64) for an extension no container matches, an unknown
  ///   `--bits`, or FLAC with float samples.
  func resolve(for path: String, defaultSample: AudioSampleFormat) throws -> (
    AudioContainer, AudioSampleFormat
  ) {
    let container = try format ?? Self.container(for: path, hint: " or pass --format")
    let sample: AudioSampleFormat
    switch bits?.lowercased() {
    case nil: sample = defaultSample
    case "16": sample = .pcm16
    case "24": sample = .pcm24
    case "float", "32": sample = .float
    case let other?:
      throw CommandFailure(
        .usage, "invalid --bits \(other): it must be 16, 24 or float. Give one of those")
    }
    if container == .flac && sample == .float {
      throw CommandFailure(
        .usage,
        "cannot write FLAC with --bits float: FLAC has no float samples. Use --bits 16 or 24")
    }
    return (container, sample)
  }

  /// The container `path`'s extension names; WAV when it has none.
  ///
  /// - Parameter hint: what else the command offers, after "Use one of those extensions".
  /// - Throws: ``CommandFailure`` (status 64) for an extension no container matches.
  static func container(for path: String, hint: String) throws -> AudioContainer {
    let pathExtension = URL(fileURLWithPath: path).pathExtension
    if pathExtension.isEmpty { return .wav }
    guard let named = AudioContainer(fileExtension: pathExtension) else {
      throw CommandFailure(
        .usage,
        "cannot tell which audio format to write to \(path): .\(pathExtension) is not wav,"
          + " flac, aiff, ogg, opus or mp3. Use one of those extensions\(hint)")
    }
    return named
  }
}
