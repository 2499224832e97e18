import Foundation
import Testing

@testable import Sharp9Audio

/// The writer never leaves partial output, and its bytes depend only on its input.
@Suite struct AudioFileWriterTests {
  let scratch: ScratchDirectory
  let samples = TestSignal.noise(count: 2 * 5000, seed: 21)

  init() throws { scratch = try ScratchDirectory() }

  func makeWriter(_ url: URL, _ container: AudioContainer = .wav) throws -> AudioFileWriter {
    try AudioFileWriter(
      url: url, container: container, sample: .pcm16, sampleRate: 44100, channels: 2)
  }

  @Test func abandonedWriterLeavesNothing() throws {
    let url = scratch.file("out.wav")
    do {
      let writer = try makeWriter(url)
      try samples.withUnsafeBufferPointer { try writer.write($0, frames: 5000) }
      #expect(try scratch.contents().count == 1)  // only the hidden temporary file
      #expect(try scratch.contents().first?.hasSuffix(".partial") == true)
    }
    #expect(try scratch.contents() == [])
  }

  @Test func abandonedWriterKeepsTheOldTarget() throws {
    let url = scratch.file("out.flac")
    try Data("previous".utf8).write(to: url)
    do {
      let writer = try makeWriter(url, .flac)
      try samples.withUnsafeBufferPointer { try writer.write($0, frames: 5000) }
    }
    #expect(try scratch.contents() == ["out.flac"])
    #expect(try Data(contentsOf: url) == Data("previous".utf8))
  }

  @Test func finishReplacesTheTargetAtomically() throws {
    let url = scratch.file("out.wav")
    try Data("previous".utf8).write(to: url)
    let writer = try makeWriter(url)
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: 5000) }
    try writer.finish()
    #expect(try scratch.contents() == ["out.wav"])
    #expect(try AudioFileReader(url: url).format.frames == 5000)
  }

  @Test func missingDirectoryIsACreateError() throws {
    let url = scratch.file("no/such/dir/out.wav")
    let error = try #require(throws: AudioFileError.self) { _ = try makeWriter(url) }
    #expect(error.kind == .createFailed)
    #expect(
      error.description.hasPrefix(
        "cannot write '\(url.path)': cannot create the file (open: System error"))
    #expect(!error.description.contains(";"), "advice is the front end's to give")
  }

  /// The lossless containers; an Ogg stream carries a serial number libsndfile draws at random,
  /// so Vorbis and Opus files differ run to run by those bytes (their audio does not).
  @Test(
    arguments: AudioContainer.allCases.filter { !$0.isLossy },
    [AudioSampleFormat.pcm16, .pcm24, .float])
  func sameInputGivesSameBytes(container: AudioContainer, sample: AudioSampleFormat) throws {
    guard !(container == .flac && sample == .float) else { return }
    let first = scratch.file("first.\(container.rawValue)")
    let second = scratch.file("second.\(container.rawValue)")
    try AudioIO.write(samples, to: first, container: container, sample: sample, channels: 2)
    try AudioIO.write(samples, to: second, container: container, sample: sample, channels: 2)
    #expect(try Data(contentsOf: first) == Data(contentsOf: second))
  }

  /// libsndfile's WAV `PEAK` chunk holds a wall-clock timestamp; it must not be written (float
  /// files keep the space it had reserved as a zero-filled `PAD ` chunk).
  @Test(arguments: [
    (AudioSampleFormat.pcm16, ["fmt ", "data"]), (.pcm24, ["fmt ", "data"]),
    (.float, ["fmt ", "fact", "PAD ", "data"]),
  ])
  func wavHoldsOnlyTimeFreeChunks(sample: AudioSampleFormat, chunks: [String]) throws {
    let url = scratch.file("chunks.wav")
    try AudioIO.write(samples, to: url, container: .wav, sample: sample, channels: 2)
    #expect(try Self.riffChunks(Data(contentsOf: url)) == chunks)
  }

  /// The chunk ids after `RIFF....WAVE`.
  static func riffChunks(_ data: Data) -> [String] {
    let bytes = [UInt8](data)
    var ids: [String] = []
    var offset = 12
    while offset + 8 <= bytes.count {
      ids.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
      let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
      offset += 8 + size + size % 2
    }
    return ids
  }
}
