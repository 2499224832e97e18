import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// A song decoded while its upload arrives (`DecodedAudio(growing:)`) is the song decoded from the
/// finished file, whatever sizes and pauses its bytes came in; an upload that ends short fails
/// the decode instead of holding it; other encodings are left to the finished file.
@Suite struct GrowingFileTests {
  /// `bytes` written to `url` in uneven pieces (seeded) with short pauses, on a thread of their
  /// own, each told to `file`; then, when `endAt` is given, only that many are written before the
  /// writer ends.
  private static func arrive(
    _ bytes: [UInt8], to file: GrowingFile, seed: UInt64, endAt: Int? = nil
  ) -> Thread {
    let thread = Thread {
      var random = SplitMix64(seed: seed)
      defer { file.end() }
      guard FileManager.default.createFile(atPath: file.url.path, contents: nil),
        let handle = try? FileHandle(forWritingTo: file.url)
      else { return }
      defer { try? handle.close() }
      let total = endAt ?? bytes.count
      var written = 0
      while written < total {
        let piece = min(total - written, Int.random(in: 1...200_000, using: &random))
        try? handle.write(contentsOf: bytes[written..<(written + piece)])
        written += piece
        file.wrote(piece)
        if Bool.random(using: &random) { Thread.sleep(forTimeInterval: 0.001) }
      }
    }
    thread.start()
    return thread
  }

  private static func song(
    _ directory: ScratchDirectory, _ container: AudioContainer, _ sample: AudioSampleFormat
  ) throws -> URL {
    let url = directory.file("song.\(container.rawValue)")
    let frames = 150_000
    try AudioIO.write(
      TestSignal.stereoSine(frames: frames, frequency: 331, sampleRate: 44_100, amplitude: 0.8),
      to: url, container: container, sample: sample, channels: 2)
    return url
  }

  /// Every sample of `audio`, as a cursor reads it, as bit patterns.
  private static func bits(_ audio: DecodedAudio) throws -> [UInt32] {
    let cursor = DecodedAudioCursor(audio)
    var samples = [Float](repeating: 0, count: Int(audio.format.frames) * audio.format.channels)
    let got = try samples.withUnsafeMutableBufferPointer {
      try cursor.read(into: $0, frames: Int(audio.format.frames))
    }
    #expect(got == Int(audio.format.frames))
    return samples.map(\.bitPattern)
  }

  @Test(arguments: [AudioContainer.wav, .flac, .aiff])
  func aSixteenBitSongDecodedAsItArrivesIsTheFinishedFilesDecode(container: AudioContainer)
    throws
  {
    let directory = try ScratchDirectory()
    let song = try Self.song(directory, container, .pcm16)
    let bytes = try [UInt8](Data(contentsOf: song))
    let whole = try DecodedAudio(url: song)
    for seed: UInt64 in 1...4 {
      let file = GrowingFile(url: directory.file("arriving-\(seed)"), length: Int64(bytes.count))
      let writer = Self.arrive(bytes, to: file, seed: seed)
      let decoded = try #require(try DecodedAudio(growing: file))
      #expect(decoded.format == whole.format)
      #expect(try Self.bits(decoded) == Self.bits(whole), "seed \(seed)")
      while !writer.isFinished { Thread.sleep(forTimeInterval: 0.001) }
    }
  }

  @Test func anUploadThatEndsShortFailsTheDecode() throws {
    let directory = try ScratchDirectory()
    let song = try Self.song(directory, .wav, .pcm16)
    let bytes = try [UInt8](Data(contentsOf: song))
    var random = SplitMix64(seed: 9)
    for index in 0..<6 {
      let endAt = Int.random(in: 0..<(bytes.count - 1), using: &random)
      let file = GrowingFile(url: directory.file("short-\(index)"), length: Int64(bytes.count))
      let writer = Self.arrive(bytes, to: file, seed: UInt64(index), endAt: endAt)
      #expect(throws: AudioFileError.self, "ended at byte \(endAt)") {
        try DecodedAudio(growing: file)
      }
      while !writer.isFinished { Thread.sleep(forTimeInterval: 0.001) }
    }
  }

  /// A header that promises more than arrives, in an upload that announced a gigabyte: the decode
  /// fails once the writer ends, having touched memory only for the bytes that came.
  @Test func aHeaderPromisingAGigabyteThatNeverComesFailsWhenTheWriterEnds() throws {
    let directory = try ScratchDirectory()
    let song = try Self.song(directory, .wav, .pcm16)
    var bytes = try [UInt8](Data(contentsOf: song))
    // The RIFF and data chunks' sizes say a gigabyte (little-endian, after their tags).
    let gigabyte = UInt32(1 << 30)
    let dataTag: [UInt8] = Array("data".utf8)
    let data = try #require(
      (0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == dataTag })
    for (offset, size) in [(4, gigabyte + 36), (data + 4, gigabyte)] {
      for index in 0..<4 { bytes[offset + index] = UInt8((size >> (8 * UInt32(index))) & 0xff) }
    }
    let file = GrowingFile(url: directory.file("promised"), length: Int64(gigabyte) + 44)
    let writer = Self.arrive(bytes, to: file, seed: 3)
    #expect(throws: AudioFileError.self) { try DecodedAudio(growing: file) }
    while !writer.isFinished { Thread.sleep(forTimeInterval: 0.001) }
  }

  @Test func aSongOfFloatsIsLeftToTheFinishedFile() throws {
    let directory = try ScratchDirectory()
    let song = try Self.song(directory, .wav, .float)
    let bytes = try [UInt8](Data(contentsOf: song))
    let file = GrowingFile(url: directory.file("floats"), length: Int64(bytes.count))
    let writer = Self.arrive(bytes, to: file, seed: 5)
    #expect(try DecodedAudio(growing: file) == nil)
    file.end()
    while !writer.isFinished { Thread.sleep(forTimeInterval: 0.001) }
  }
}
