import CSndfile
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// Bad inputs give one clear error naming the file, the reason and what to do.
@Suite struct AudioFileErrorTests {
  let scratch: ScratchDirectory

  init() throws { scratch = try ScratchDirectory() }

  func openError(_ url: URL) throws -> AudioFileError {
    try #require(throws: AudioFileError.self) { _ = try AudioFileReader(url: url) }
  }

  /// Writes a 1-second stereo noise file and returns its bytes.
  func noiseFile(_ name: String, sndfileFormat: Int32) throws -> (URL, Data) {
    let url = scratch.file(name)
    try AudioIO.write(
      TestSignal.noise(count: 2 * 44100, seed: 5), to: url, sndfileFormat: sndfileFormat,
      sampleRate: 44100, channels: 2)
    return (url, try Data(contentsOf: url))
  }

  @Test func missingFile() throws {
    let url = scratch.file("nope.wav")
    let error = try openError(url)
    #expect(error.kind == .notFound)
    #expect(
      error.description
        == "cannot read '\(url.path)': no such file (nothing exists at this path)")
  }

  @Test func directory() throws {
    let error = try openError(scratch.url)
    #expect(error.kind == .notAFile)
    #expect(
      error.description.contains(
        "not a regular file (it is a directory)"))
  }

  @Test func emptyFile() throws {
    let url = scratch.file("empty.wav")
    try Data().write(to: url)
    let error = try openError(url)
    #expect(error.kind == .empty)
    #expect(
      error.description
        == "cannot read '\(url.path)': the file is empty (0 bytes)")
  }

  @Test func randomBytes() throws {
    let url = scratch.file("random.wav")
    var generator = SplitMix64(seed: 99)
    try Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
    let error = try openError(url)
    #expect(error.kind == .unsupportedFormat)
    #expect(
      error.description
        == "cannot read '\(url.path)': not a supported audio format (open: Format not "
        + "recognised.)")
  }

  @Test func headerWithoutData() throws {
    let (url, bytes) = try noiseFile(
      "header.wav", sndfileFormat: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    try bytes.prefix(30).write(to: url)
    let error = try openError(url)
    #expect(error.kind == .malformed)
    #expect(error.description.contains("the audio header is damaged (open: "))
  }

  @Test(arguments: [
    ("cut.wav", Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), "176400 bytes of audio, 99956"),
    ("cut.aiff", Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16), "176408 bytes of audio, 99954"),
  ])
  func truncatedPCMFailsAtOpen(name: String, format: Int32, numbers: String) throws {
    let (url, bytes) = try noiseFile(name, sndfileFormat: format)
    try bytes.prefix(100_000).write(to: url)
    let error = try openError(url)
    #expect(error.kind == .truncated)
    #expect(
      error.description
        == "cannot read '\(url.path)': the file is truncated or corrupt (the header promises "
        + "\(numbers) present)")
  }

  @Test func truncatedFlacFailsWhileReading() throws {
    let (url, bytes) = try noiseFile(
      "cut.flac", sndfileFormat: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16))
    try bytes.prefix(bytes.count / 2).write(to: url)
    let error = try #require(throws: AudioFileError.self) { _ = try AudioIO.readAll(url) }
    #expect(error.kind == .truncated)
    #expect(error.description.contains("the file is truncated or corrupt"))
  }

  @Test func truncatedOggHasNoLength() throws {
    let (url, bytes) = try noiseFile(
      "cut.ogg", sndfileFormat: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS))
    try bytes.prefix(bytes.count / 2).write(to: url)
    let error = try openError(url)
    #expect(error.kind == .truncated)
    #expect(error.description.contains("the stream has no end marker"))
  }

  @Test func streamingPlaceholderSizesAreNotTruncation() {
    let log = "RIFF : 0 (should be 1000)\ndata : 4294967295 (should be 964)\n"
    #expect(SndfileLog.truncation(in: log) == nil)
    let cut = "data : 352800 (should be 199956)\n"
    #expect(SndfileLog.truncation(in: cut) == .init(declared: 352_800, present: 199_956))
  }
}
