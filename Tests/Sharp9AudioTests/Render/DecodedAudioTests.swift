import Foundation
import Testing

@testable import Sharp9Audio

/// `DecodedAudio` keeps 16-bit sources as integers (half the memory) and gives back exactly the
/// floats `AudioFileReader` returns, whichever storage it picked.
@Suite struct DecodedAudioTests {
  /// Every sample `AudioFileReader` returns for `url`, as bit patterns.
  private func readerBits(_ url: URL) throws -> [UInt32] {
    let reader = try AudioFileReader(url: url)
    var samples = [Float](
      repeating: 0, count: Int(reader.format.frames) * reader.format.channels)
    _ = try samples.withUnsafeMutableBufferPointer {
      try reader.read(into: $0, frames: Int(reader.format.frames))
    }
    return samples.map(\.bitPattern)
  }

  /// Every sample a cursor over `audio` reads, as bit patterns (in uneven reads).
  private func cursorBits(_ audio: DecodedAudio) throws -> [UInt32] {
    let cursor = DecodedAudioCursor(audio)
    let channels = audio.format.channels
    var out: [Float] = []
    var buffer = [Float](repeating: 0, count: 1000 * channels)
    while true {
      let got = try buffer.withUnsafeMutableBufferPointer { try cursor.read(into: $0, frames: 777) }
      guard got > 0 else { break }
      out += buffer[0..<(got * channels)]
    }
    return out.map(\.bitPattern)
  }

  private func write(
    _ name: String, container: AudioContainer = .wav, sample: AudioSampleFormat, frames: Int,
    value: (Int) -> Float
  ) throws -> URL {
    let url = try RenderFixture.directory().appending(path: name)
    let writer = try AudioFileWriter(
      url: url, container: container, sample: sample, sampleRate: 44_100, channels: 2)
    let interleaved = (0..<(frames * 2)).map(value)
    try interleaved.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
    try writer.finish()
    return url
  }

  @Test func sixteenBitSourceIsStoredAsIntegersAndReadsBackExactly() throws {
    let url = try write("pcm16.wav", sample: .pcm16, frames: 100_000) {
      0.9 * sin(Float($0) * 0.013)
    }
    let audio = try DecodedAudio(url: url)
    #expect(audio.sampleBytes == 100_000 * 2 * 2)
    #expect(try cursorBits(audio) == readerBits(url))
  }

  @Test func aSampleNoIntegerHoldsSwitchesToFloatsAfterTheFirstChunk() throws {
    // The first 70,000 frames (past the first 65,536-frame chunk) are k / 32768; then 0.1 is not.
    let url = try write("switch.wav", sample: .float, frames: 100_000) { index in
      index < 140_000 ? Float(index % 20_000 - 10_000) / 32768 : 0.1
    }
    let audio = try DecodedAudio(url: url)
    #expect(audio.sampleBytes == 100_000 * 2 * 4)
    #expect(try cursorBits(audio) == readerBits(url))
  }

  @Test func negativeZeroKeepsItsSignBit() throws {
    let url = try write("zero.wav", sample: .float, frames: 10) { $0 == 7 ? -0.0 : 0.5 }
    let audio = try DecodedAudio(url: url)
    #expect(audio.sampleBytes == 10 * 2 * 4)
    #expect(try cursorBits(audio) == readerBits(url))
  }

  /// Every 16-bit value, in WAV, AIFF (big-endian) and FLAC, read as 16-bit integers straight
  /// into place (past the first million-frame read): exactly the floats the reader returns.
  @Test(arguments: [AudioContainer.wav, .aiff, .flac])
  func sixteenBitFilesAreReadAsIntegersExactly(container: AudioContainer) throws {
    let frames = (1 << 20) + 4321
    let url = try write(
      "every.\(container)", container: container, sample: .pcm16, frames: frames,
      value: { Float(($0 * 7919) % 65_536 - 32_768) / 32_768 })
    #expect(try AudioFileReader(url: url).holdsPCM16)
    let audio = try DecodedAudio(url: url)
    #expect(audio.sampleBytes == frames * 2 * 2)
    #expect(try cursorBits(audio) == readerBits(url))
  }

  @Test func otherEncodingsAreNotReadAsIntegers() throws {
    let url = try write("pcm24.wav", sample: .pcm24, frames: 10) { Float($0) / 32 }
    #expect(try !AudioFileReader(url: url).holdsPCM16)
  }

  /// The library's copy shares the decoded samples: they outlive the audio first decoded.
  @Test func sharedSamplesOutliveTheFirstOwner() throws {
    let url = try write("shared.wav", sample: .pcm16, frames: 5000) { sin(Float($0) * 0.01) }
    var first: DecodedAudio? = try DecodedAudio(url: url)
    let copy = URL(filePath: "/elsewhere/shared.wav")
    let shared = try #require(first?.sharingSamples(as: copy))
    first = nil
    #expect(shared.url == copy)
    #expect(shared.sampleBytes == 5000 * 2 * 2)
    #expect(try cursorBits(shared) == readerBits(url))
  }
}
