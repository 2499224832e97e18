import CSndfile
import Foundation
import Testing

@testable import Sharp9Audio

@Suite struct AudioFileRoundTripTests {
  let scratch: ScratchDirectory

  init() throws { scratch = try ScratchDirectory() }

  /// Integer formats quantize to the reader's scale: error at most one step (half a step plus
  /// the clip of +1.0 to the largest code).
  @Test(arguments: [
    (AudioContainer.wav, AudioSampleFormat.pcm16, 15), (.wav, .pcm24, 23),
    (.flac, .pcm16, 15), (.flac, .pcm24, 23),
  ])
  func integerRoundTripWithinOneStep(
    container: AudioContainer, sample: AudioSampleFormat, bits: Int
  )
    throws
  {
    let url = scratch.file("noise.\(container.rawValue)")
    // Scaled off the 2^-23 grid Float.random produces, so 24-bit quantization has work to do.
    let input = TestSignal.noise(count: 2 * 3000, seed: 7).map { $0 * 0.987_654_3 }
    try AudioIO.write(input, to: url, container: container, sample: sample, channels: 2)
    let (format, output) = try AudioIO.readAll(url)
    #expect(format.frames == 3000)
    #expect(format.channels == 2)
    #expect(format.sampleRate == 44100)
    let step = Float(1) / Float(1 << bits)
    let worst = zip(input, output).map { abs($0 - $1) }.max() ?? 1
    #expect(output.count == input.count)
    #expect(worst <= step)
    #expect(worst > 0)
  }

  /// Values already on the integer grid come back bit-exact, from WAV and from FLAC.
  @Test(arguments: [
    (AudioContainer.wav, AudioSampleFormat.pcm16, 15), (.wav, .pcm24, 23),
    (.flac, .pcm16, 15), (.flac, .pcm24, 23),
  ])
  func gridValuesAreExact(container: AudioContainer, sample: AudioSampleFormat, bits: Int) throws {
    let url = scratch.file("grid.\(container.rawValue)")
    let scale = Float(1 << bits)
    let input = TestSignal.noise(count: 4000, seed: 11).map { ($0 * scale).rounded() / scale }
    try AudioIO.write(input, to: url, container: container, sample: sample, channels: 1)
    let (_, output) = try AudioIO.readAll(url)
    #expect(output == input)
  }

  @Test func floatWavIsExactIncludingOverRange() throws {
    let url = scratch.file("float.wav")
    let input = TestSignal.noise(count: 3 * 2000, seed: 3).map { $0 * 1.7 } + [0, -0, 12.5]
    try AudioIO.write(input, to: url, container: .wav, sample: .float, channels: 3)
    let (format, output) = try AudioIO.readAll(url)
    #expect(format.encoding == "32 bit float")
    #expect(output == input)
  }

  @Test func integerFormatsClipInsteadOfWrapping() throws {
    let url = scratch.file("clip.wav")
    try AudioIO.write(
      [1.5, -1.5, 1, -1, 0.5], to: url, container: .wav, sample: .pcm16, channels: 1)
    let (_, output) = try AudioIO.readAll(url)
    let full: Float = 32767 / 32768
    #expect(output == [full, -1, full, -1, 0.5])
  }

  @Test func flacFloatIsRejectedBeforeAnyFileExists() throws {
    let url = scratch.file("float.flac")
    let error = try #require(throws: AudioFileError.self) {
      _ = try AudioFileWriter(
        url: url, container: .flac, sample: .float, sampleRate: 44100, channels: 2)
    }
    #expect(error.kind == .unsupportedOutput)
    #expect(error.description.hasPrefix("cannot write '\(url.path)': unsupported output format"))
    #expect(try scratch.contents() == [])
  }

  @Test func streamsLongFilesInChunksAndSeeks() throws {
    let url = scratch.file("long.wav")
    let frames = 200_000
    let writer = try AudioFileWriter(
      url: url, container: .wav, sample: .float, sampleRate: 48000, channels: 2)
    var chunk = [Float](repeating: 0, count: 2 * 4096)
    var next = 0
    while next < frames {
      let count = min(4096, frames - next)
      for index in 0..<count {
        chunk[2 * index] = Float(next + index)
        chunk[2 * index + 1] = -Float(next + index)
      }
      try chunk.withUnsafeBufferPointer { try writer.write($0, frames: count) }
      next += count
    }
    try writer.finish()
    #expect(writer.framesWritten == Int64(frames))

    let reader = try AudioFileReader(url: url)
    #expect(reader.format.frames == Int64(frames))
    var expected = 0
    var buffer = [Float](repeating: .nan, count: 2 * 999)
    try buffer.withUnsafeMutableBufferPointer { buffer in
      while case let count = try reader.read(into: buffer, frames: 999), count > 0 {
        for index in 0..<count
        where buffer[2 * index] != Float(expected + index)
          || buffer[2 * index + 1] != -Float(expected + index)
        {
          Issue.record("frame \(expected + index) reads \(buffer[2 * index])")
          return
        }
        expected += count
      }
      #expect(reader.position == Int64(frames))
      try reader.seek(toFrame: 123_456)
      #expect(try reader.read(into: buffer, frames: 2) == 2)
      let expectedFrames: [Float] = [123_456, -123_456, 123_457, -123_457]
      #expect(Array(buffer.prefix(4)) == expectedFrames)
      try reader.seek(toFrame: Int64(frames))
      #expect(try reader.read(into: buffer, frames: 10) == 0)
    }
    #expect(expected == frames)
  }
}
