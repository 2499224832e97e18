import CSndfile
import Foundation
import Testing

@testable import Sharp9Audio

/// Every format the issue names is readable; fixtures are written by libsndfile itself.
@Suite struct AudioFileFormatsTests {
  struct Fixture: Sendable, CustomTestStringConvertible {
    var name: String
    var sndfileFormat: Int32
    var sampleRate: Int
    var container: String
    var encoding: String
    var lossy: Bool
    var testDescription: String { name }
  }

  static let fixtures: [Fixture] = [
    Fixture(
      name: "a.wav", sndfileFormat: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), sampleRate: 44100,
      container: "WAV (Microsoft)", encoding: "Signed 16 bit PCM", lossy: false),
    Fixture(
      name: "a.aiff", sndfileFormat: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_24), sampleRate: 48000,
      container: "AIFF (Apple/SGI)", encoding: "Signed 24 bit PCM", lossy: false),
    Fixture(
      name: "a.flac", sndfileFormat: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16), sampleRate: 44100,
      container: "FLAC (Free Lossless Audio Codec)", encoding: "Signed 16 bit PCM", lossy: false),
    Fixture(
      name: "a.ogg", sndfileFormat: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), sampleRate: 44100,
      container: "OGG (OGG Container format)", encoding: "Vorbis", lossy: true),
    Fixture(
      name: "a.opus", sndfileFormat: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS), sampleRate: 48000,
      container: "OGG (OGG Container format)", encoding: "Opus", lossy: true),
    Fixture(
      name: "a.mp3", sndfileFormat: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III),
      sampleRate: 44100, container: "MPEG-1/2 Audio", encoding: "MPEG Layer III", lossy: true),
  ]

  @Test(arguments: fixtures)
  func readsFormat(_ fixture: Fixture) throws {
    let scratch = try ScratchDirectory()
    let url = scratch.file(fixture.name)
    let frames = fixture.sampleRate / 2
    let input = TestSignal.stereoSine(
      frames: frames, frequency: 441, sampleRate: fixture.sampleRate, amplitude: 0.5)
    try AudioIO.write(
      input, to: url, sndfileFormat: fixture.sndfileFormat, sampleRate: fixture.sampleRate,
      channels: 2)

    let (format, output) = try AudioIO.readAll(url, chunkFrames: 777)
    #expect(
      format
        == AudioFormat(
          sampleRate: fixture.sampleRate, channels: 2, frames: Int64(frames),
          container: fixture.container, encoding: fixture.encoding))
    #expect(output.count == input.count)
    if fixture.lossy {
      // Codec delay and filtering aside, the tone's level survives: RMS of the middle half.
      let middle = (frames / 4)..<(3 * frames / 4)
      let left = Self.rms(middle.map { output[2 * $0] })
      let right = Self.rms(middle.map { output[2 * $0 + 1] })
      #expect(abs(left - 0.5 / 2.squareRoot()) < 0.03)
      #expect(abs(right - 0.25 / 2.squareRoot()) < 0.03)
    } else {
      let worst = zip(input, output).map { abs($0 - $1) }.max() ?? 1
      #expect(worst <= 1 / 32768)
    }
  }

  static func rms(_ values: [Float]) -> Double {
    (values.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(1, values.count))).squareRoot()
  }
}
