import ArgumentParser
import Foundation
import Sharp9Audio
import Sharp9Domain

/// `sharp9 beats FILE [--json]`: the tempo, beats and downbeats of an audio file.
struct BeatsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "beats",
    abstract: "Print the tempo, the beats and the downbeats (bar starts) of an audio file.",
    discussion: """
      The tempo may drift (the beats follow it); it is 60 over the median time between beats, \
      within 40-220 BPM. Bars are assumed to be 4/4. A file with no detectable beat (silence, a \
      held tone, noise) is not an error: it has no tempo and no beats. The same file always \
      gives the same grid. Reads WAV, AIFF, FLAC, Ogg Vorbis, Opus, MP3 and the other formats \
      libsndfile supports.
      """
  )

  @Argument(help: "The audio file.")
  var file: String

  @Flag(
    help: """
      Print JSON {"tempo": BPM or null, "beats": [seconds], "downbeats": [seconds]}, every \
      number rounded to 3 decimals (milliseconds), instead of the first bars as text.
      """)
  var json = false

  func run() async throws {
    let url = URL(filePath: file)
    let grid = try await BeatTracker().beatGrid(url: url)
    var output = StandardOutput()
    if json {
      output.line(try Interchange.string(BeatsText.rounded(grid)))
    } else {
      let format = try AudioFileReader(url: url).format
      output.write(BeatsText(name: url.lastPathComponent, format: format, grid: grid).rendered)
    }
    try output.flush()
  }
}
