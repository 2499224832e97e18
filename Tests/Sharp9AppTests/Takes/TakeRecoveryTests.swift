import Foundation
import Sharp9Audio
import Testing

@testable import Sharp9App

/// Takes cut short: the hidden FLAC a killed writer leaves (its length never written) is read up
/// to its last complete frame and kept as a finished take in `recovered/`.
@Suite("takes: recovery after a crash") struct TakeRecoveryTests {
  static let rate = 44_100

  /// Writes `frames` frames of the recorder tests' signal to a take being written in `library`,
  /// flushes, and copies the writer's hidden file as it stands under the name a writer of
  /// process `pid` gives it (the writer then removes its own, as a released writer does).
  static func cutShort(_ library: TakeLibrary, frames: Int, pid: Int32) throws -> String {
    let writer = try library.newWriter(sampleRate: rate, channels: 2)
    var samples = [Float](repeating: 0, count: frames * 2)
    for frame in 0..<frames {
      for channel in 0..<2 {
        samples[frame * 2 + channel] = TakeRecorderTests.sample(Int64(frame), channel)
      }
    }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
    writer.flush()
    let manager = FileManager.default
    let partial = try #require(
      try manager.contentsOfDirectory(atPath: library.directory.path)
        .first { $0.hasSuffix(".partial") })
    let name = "..take-\(pid)-\(UUID().uuidString).flac.\(UUID().uuidString).partial"
    try manager.copyItem(
      at: library.directory.appending(path: partial), to: library.directory.appending(path: name))
    return name
  }

  static func read(_ url: URL) throws -> (format: AudioFormat, samples: [Float]) {
    let reader = try AudioFileReader(url: url)
    var samples = [Float](repeating: 0, count: Int(reader.format.frames) * 2)
    let got = try samples.withUnsafeMutableBufferPointer {
      try reader.read(into: $0, frames: Int(reader.format.frames))
    }
    #expect(got == Int(reader.format.frames))
    return (reader.format, samples)
  }

  @Test func aCutShortTakeIsReadUpToItsLastCompleteFrame() throws {
    let library = TakeLibrary(directory: try TakeRecorderTests.folder())
    let name = try Self.cutShort(library, frames: 10_000, pid: 999_999)
    // libFLAC encodes 4096-frame blocks: two are complete, the rest waits in the encoder.
    let (format, samples) = try Self.read(library.directory.appending(path: name))
    #expect(format.frames == 8_192)
    for frame in [0, 4_095, 4_096, 8_191] {
      #expect(samples[frame * 2] == TakeRecorderTests.sample(Int64(frame), 0))
      #expect(samples[frame * 2 + 1] == TakeRecorderTests.sample(Int64(frame), 1))
    }
  }

  @Test func aDeadWritersTakeIsRecoveredWhole() throws {
    let library = TakeLibrary(directory: try TakeRecorderTests.folder())
    let name = try Self.cutShort(library, frames: 50_000, pid: 4242)
    let outcomes = library.recoverCutShortTakes { $0 == 4242 }
    #expect(outcomes.isEmpty, "a running writer's take is left alone")
    let recovered = library.recoverCutShortTakes { _ in false }
    guard recovered.count == 1, case .recovered(let url, let frames, let rate) = recovered[0]
    else {
      Issue.record("expected one recovered take, got \(recovered)")
      return
    }
    #expect(frames == 49_152 && rate == Self.rate)
    #expect(url.deletingLastPathComponent().lastPathComponent == "recovered")
    #expect(url.lastPathComponent.hasPrefix("take cut short "))
    let (format, samples) = try Self.read(url)
    #expect(format.frames == 49_152 && format.encoding.contains("24"))
    let expected = (0..<(49_152 * 2)).map {
      TakeRecorderTests.sample(Int64($0 / 2), $0 % 2)
    }
    #expect(samples == expected)
    #expect(!FileManager.default.fileExists(atPath: library.directory.appending(path: name).path))
    #expect(library.recoverCutShortTakes { _ in false }.isEmpty, "recovered once")
  }

  @Test func aTakeWithoutACompleteFrameIsRemovedAndAGarbledOneKept() throws {
    let library = TakeLibrary(directory: try TakeRecorderTests.folder())
    let empty = try Self.cutShort(library, frames: 1_000, pid: 7)
    let garbled = "..take-8-\(UUID().uuidString).flac.\(UUID().uuidString).partial"
    try Data("not a FLAC stream at all".utf8).write(
      to: library.directory.appending(path: garbled))
    let outcomes = library.recoverCutShortTakes { _ in false }
    #expect(outcomes.count == 1, "\(outcomes)")
    if case .failed(let name, _) = outcomes.first {
      #expect(name == garbled)
    } else {
      Issue.record("expected the garbled take to fail, got \(outcomes)")
    }
    let manager = FileManager.default
    #expect(!manager.fileExists(atPath: library.directory.appending(path: empty).path))
    #expect(manager.fileExists(atPath: library.directory.appending(path: garbled).path))
    #expect(!manager.fileExists(atPath: library.recoveredDirectory.path))
  }

  @Test func onlyTakeWritersFilesAreRecovered() {
    #expect(TakeLibrary.isRunning(getpid()))
    let names = [
      "..take-12-A.flac.B.partial", ".take-13-A.flac", "..take-A.flac.B.partial",
      ".tee.wav.C.partial", "..take-0-A.flac.B.partial", "0123.flac", ".take-14-A.flac.x",
    ]
    #expect(
      names.map { TakeLibrary.writerProcess(ofPartial: $0) }
        == [12, 13, nil, nil, nil, nil, nil])
  }
}
