import Foundation
import Testing

@testable import Sharp9Audio

/// Takes laid over the render: on the frames they were recorded at, sample for sample.
@Suite("takes in the render") struct TakeMixSinkTests {
  /// Keeps what it is given.
  final class Collecting: RenderSink {
    var samples: [Float] = []
    func write(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) throws {
      samples.append(contentsOf: interleaved.prefix(frames * 2))
    }
  }

  /// A 24-bit FLAC take of `frames` frames whose samples are exact in 24 bits.
  static func take(in folder: URL, frames: Int, channels: Int, seed: Int) throws -> (
    url: URL, samples: [Float]
  ) {
    let url = folder.appending(path: "take-\(seed).flac")
    let writer = try AudioFileWriter(
      url: url, container: .flac, sample: .pcm24, sampleRate: 8_000, channels: channels)
    let samples = (0..<(frames * channels)).map { index in
      Float((index * 97 + seed * 31) % 4001 - 2000) / 8_388_608
    }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
    try writer.finish()
    return (url, samples)
  }

  /// Renders 3,000 frames of a constant "song" from session frame `firstFrame` in blocks of 128
  /// through the sink.
  static func render(
    _ mode: TakeMixSink.Mode, takes: [TakeMixSink.Placement], firstFrame: Int64
  ) throws -> [Float] {
    let collecting = Collecting()
    let sink = try TakeMixSink(
      sink: collecting, mode: mode, takes: takes, sampleRate: 8_000, channels: 2,
      firstFrame: firstFrame)
    let song = [Float](repeating: 0.25, count: 128 * 2)
    for _ in 0..<(3_000 / 128) {
      try song.withUnsafeBufferPointer { try sink.write($0, frames: 128) }
    }
    try song.withUnsafeBufferPointer { try sink.write($0, frames: 3_000 % 128) }
    return collecting.samples
  }

  @Test func takesSoundOnTheFramesTheyWereRecordedAtAloneOrOverTheSong() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-mix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stereo = try Self.take(in: folder, frames: 700, channels: 2, seed: 1)
    let mono = try Self.take(in: folder, frames: 1_800, channels: 1, seed: 2)
    // The render starts at session frame 1,000; the stereo take began before it (at 900), the
    // mono one at 2,500 runs past the render's end (4,000).
    let placements = [
      TakeMixSink.Placement(file: stereo.url, startFrame: 900),
      TakeMixSink.Placement(file: mono.url, startFrame: 2_500),
    ]
    let alone = try Self.render(.takesOnly, takes: placements, firstFrame: 1_000)
    let mixed = try Self.render(.withTakes, takes: placements, firstFrame: 1_000)
    #expect(alone.count == 6_000 && mixed.count == 6_000)
    var expected = [Float](repeating: 0, count: 6_000)
    for frame in 1_000..<1_600 {
      for channel in 0..<2 {
        expected[(frame - 1_000) * 2 + channel] = stereo.samples[(frame - 900) * 2 + channel]
      }
    }
    for frame in 2_500..<4_000 {
      for channel in 0..<2 { expected[(frame - 1_000) * 2 + channel] = mono.samples[frame - 2_500] }
    }
    #expect(alone == expected)
    #expect(mixed == expected.map { 0.25 + $0 })
    // Each render is the same every run.
    #expect(try Self.render(.takesOnly, takes: placements, firstFrame: 1_000) == alone)
  }

  @Test func aTakeAtAnotherRateIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-mix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let take = try Self.take(in: folder, frames: 10, channels: 1, seed: 3)
    #expect(throws: AudioFileError.self) {
      try TakeMixSink(
        sink: Collecting(), mode: .withTakes,
        takes: [TakeMixSink.Placement(file: take.url, startFrame: 0)], sampleRate: 44_100,
        channels: 2, firstFrame: 0)
    }
  }
}
