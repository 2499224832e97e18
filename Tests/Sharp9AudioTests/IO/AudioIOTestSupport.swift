import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// A fresh directory under the system temporary directory, removed on `deinit`.
final class ScratchDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-audio-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the directory (not created).
  func file(_ name: String) -> URL { url.appending(path: name) }

  /// Names of everything in the directory, sorted (hidden files included).
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

enum TestSignal {
  /// `count` samples uniformly in [-1, 1) from a fixed seed.
  static func noise(count: Int, seed: UInt64) -> [Float] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in Float.random(in: -1..<1, using: &generator) }
  }

  /// Interleaved stereo sine: left at `frequency`, right the same at half amplitude.
  static func stereoSine(frames: Int, frequency: Double, sampleRate: Int, amplitude: Float)
    -> [Float]
  {
    var samples = [Float](repeating: 0, count: frames * 2)
    for frame in 0..<frames {
      let value =
        amplitude
        * Float(sin(2 * Double.pi * frequency * Double(frame) / Double(sampleRate)))
      samples[2 * frame] = value
      samples[2 * frame + 1] = value / 2
    }
    return samples
  }
}

enum AudioIO {
  /// Writes `samples` with the public writer and finishes the file.
  static func write(
    _ samples: [Float], to url: URL, container: AudioContainer, sample: AudioSampleFormat,
    sampleRate: Int = 44100, channels: Int
  ) throws {
    let writer = try AudioFileWriter(
      url: url, container: container, sample: sample, sampleRate: sampleRate, channels: channels)
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: samples.count / channels) }
    try writer.finish()
  }

  /// Writes `samples` in any libsndfile format (the internal initializer).
  static func write(
    _ samples: [Float], to url: URL, sndfileFormat: Int32, sampleRate: Int, channels: Int
  ) throws {
    let writer = try AudioFileWriter(
      url: url, sndfileFormat: sndfileFormat, sampleRate: sampleRate, channels: channels)
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: samples.count / channels) }
    try writer.finish()
  }

  /// Reads a whole (small) file in chunks of `chunkFrames`.
  static func readAll(_ url: URL, chunkFrames: Int = 1000) throws -> (AudioFormat, [Float]) {
    let reader = try AudioFileReader(url: url)
    var result: [Float] = []
    var chunk = [Float](repeating: 0, count: chunkFrames * reader.format.channels)
    try chunk.withUnsafeMutableBufferPointer { buffer in
      while true {
        let frames = try reader.read(into: buffer, frames: chunkFrames)
        if frames == 0 { break }
        result.append(contentsOf: buffer.prefix(frames * reader.format.channels))
      }
    }
    return (reader.format, result)
  }
}
