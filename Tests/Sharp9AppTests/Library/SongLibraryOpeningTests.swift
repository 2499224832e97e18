import Foundation
import Sharp9Audio
import Testing

@testable import Sharp9App

/// Opening a song from a file: decoded once while its bytes are copied into the library and
/// hashed in the same read; a file that cannot be decoded leaves no library behind.
@Suite("song library: opening a file") struct SongLibraryOpeningTests {
  /// A folder of its own with a 16-bit WAV of `frames` frames in it.
  static func folderWithSong(frames: Int) throws -> (folder: URL, song: URL) {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-songs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let song = folder.appending(path: "take one.wav")
    let writer = try AudioFileWriter(
      url: song, container: .wav, sample: .pcm16, sampleRate: 44_100, channels: 2)
    let samples = (0..<(frames * 2)).map { Float(($0 * 31) % 2000 - 1000) / 32_768 }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
    try writer.finish()
    return (folder, song)
  }

  @Test func theKeptFileHoldsTheBytesHashedAndTheAudioIsItsDecoding() throws {
    let (folder, song) = try Self.folderWithSong(frames: 300_000)
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = SongLibrary(databasePath: folder.appending(path: "sharp9.sqlite").path)
    let opened = try library.open(song, name: "take one.wav")
    #expect(opened.sha256 == (try AudioFileLocator.sha256(of: song)))
    #expect(opened.audio.url == library.directory.appending(path: opened.sha256 + ".wav"))
    #expect(try Data(contentsOf: opened.audio.url) == Data(contentsOf: song))
    #expect(opened.audio.format.frames == 300_000)
    // Nothing half-written is left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
        == [opened.sha256 + ".wav"])
    // The same bytes again: the file kept before.
    let again = try library.open(song, name: "other name.wav")
    #expect(again.audio.url == opened.audio.url)
  }

  @Test func aSongThatCannotBeDecodedLeavesNoLibrary() throws {
    let (folder, song) = try Self.folderWithSong(frames: 100_000)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Cut short: the header promises more audio than the file holds.
    let bytes = try Data(contentsOf: song)
    try bytes.prefix(bytes.count / 2).write(to: song)
    let library = SongLibrary(databasePath: folder.appending(path: "sharp9.sqlite").path)
    #expect(throws: AudioFileError.self) { try library.open(song, name: "take one.wav") }
    #expect(!FileManager.default.fileExists(atPath: library.directory.path))
  }
}
