import Foundation
import Testing

extension StoreCLI {
  /// Writes `tone.wav` (220 Hz, `toneSeconds` long, 8 kHz) into the test directory, imports
  /// `script` from the file `name` beside it, expects the import to succeed and returns the new
  /// session's id.
  func importSession(_ script: String, named name: String, toneSeconds: Double) async throws
    -> String
  {
    try WaveFile.write(
      directory.appending(path: "tone.wav"), sampleRate: 8_000,
      samples: WaveFile.sine(hertz: 220, seconds: toneSeconds, sampleRate: 8_000))
    let result = try await run(["import", try file(name, script)])
    #expect(result.status == 0)
    return try #require(result.stdout.split(separator: "\n").last.map(String.init))
  }
}
