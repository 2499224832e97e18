import ArgumentParser
import Foundation
import Sharp9Audio
import Sharp9Domain

/// `sharp9 peaks FILE --buckets N [--json]`: the waveform overview of an audio file.
struct PeaksCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "peaks",
    abstract: "Print the waveform peaks (min and max per time bucket) of an audio file.",
    discussion: """
      Bucket i covers frames [i*frames/buckets, (i+1)*frames/buckets); min and max are taken \
      over all channels. A file with fewer frames than buckets gets one bucket per frame. \
      Reads WAV, AIFF, FLAC, Ogg Vorbis, Opus, MP3 and the other formats libsndfile supports.
      """
  )

  @Argument(help: "The audio file.")
  var file: String

  @Option(
    parsing: .unconditional, help: "Number of time buckets (at least 1).")
  var buckets: Int = 50

  @Flag(help: "Print JSON {buckets, durationSec, max, min} instead of a text waveform.")
  var json = false

  func run() async throws {
    let url = URL(filePath: file)
    let peaks = try await WaveformPeakComputer().computePeaks(url: url, targetBuckets: buckets)
    var output = StandardOutput()
    if json {
      let data = try Interchange.encoder().encode(peaks)
      output.line(String(decoding: data, as: UTF8.self))
    } else {
      let format = try AudioFileReader(url: url).format
      output.write(PeaksText(name: url.lastPathComponent, format: format, peaks: peaks).rendered)
    }
    try output.flush()
  }
}
