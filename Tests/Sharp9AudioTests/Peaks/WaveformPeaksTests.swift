import Foundation
import Testing

@testable import Sharp9Audio

@Suite struct WaveformPeaksTests {
  let scratch: ScratchDirectory

  init() throws { scratch = try ScratchDirectory() }

  func peaks(
    of samples: [Float], channels: Int, buckets: Int, sampleRate: Int = 1000,
    chunkFrames: Int = 16384
  ) async throws -> WaveformPeaks {
    let url = scratch.file("signal-\(UUID().uuidString).wav")
    try AudioIO.write(
      samples, to: url, container: .wav, sample: .float, sampleRate: sampleRate, channels: channels)
    return try await WaveformPeakComputer(chunkFrames: chunkFrames)
      .computePeaks(url: url, targetBuckets: buckets)
  }

  @Test func rampGivesEachBucketItsEnds() async throws {
    let ramp = (0..<1000).map { Float($0) / 1000 }
    let result = try await peaks(of: ramp, channels: 1, buckets: 10, chunkFrames: 64)
    #expect(
      result
        == WaveformPeaks(
          min: (0..<10).map { Float($0 * 100) / 1000 },
          max: (0..<10).map { Float($0 * 100 + 99) / 1000 }, buckets: 10, durationSec: 1))
  }

  @Test func unevenBucketsFollowIntegerDivision() async throws {
    // 10 frames into 3 buckets: [0, 3), [3, 6), [6, 10).
    let ramp = (0..<10).map { Float($0) }
    let result = try await peaks(of: ramp, channels: 1, buckets: 3, sampleRate: 10)
    #expect(result == WaveformPeaks(min: [0, 3, 6], max: [2, 5, 9], buckets: 3, durationSec: 1))
  }

  @Test func sineReachesItsAmplitudeInEveryBucket() async throws {
    let sine = TestSignal.stereoSine(
      frames: 44100, frequency: 441, sampleRate: 44100, amplitude: 0.5)
    let result = try await peaks(of: sine, channels: 2, buckets: 50, sampleRate: 44100)
    #expect(result.buckets == 50)
    #expect(result.durationSec == 1)
    #expect(result.min.allSatisfy { abs($0 + 0.5) < 1e-3 })
    #expect(result.max.allSatisfy { abs($0 - 0.5) < 1e-3 })
  }

  @Test func silenceIsFlat() async throws {
    let result = try await peaks(
      of: [Float](repeating: 0, count: 2 * 4410), channels: 2, buckets: 7)
    #expect(
      result
        == WaveformPeaks(
          min: .init(repeating: 0, count: 7), max: .init(repeating: 0, count: 7), buckets: 7,
          durationSec: 4.41))
  }

  @Test func extremesComeFromAnyChannel() async throws {
    var samples = [Float](repeating: 0, count: 2 * 100)
    samples[2 * 10] = 0.9  // left, bucket 0
    samples[2 * 20 + 1] = -0.8  // right, bucket 0
    samples[2 * 70 + 1] = 0.3  // right, bucket 1
    let result = try await peaks(of: samples, channels: 2, buckets: 2)
    #expect(
      result == WaveformPeaks(min: [-0.8, 0], max: [0.9, 0.3], buckets: 2, durationSec: 0.1))
  }

  @Test func fewerFramesThanBucketsGivesOneBucketPerFrame() async throws {
    let result = try await peaks(of: [0.1, -0.2, 0.3, 0.4, -0.5], channels: 1, buckets: 100)
    #expect(
      result
        == WaveformPeaks(
          min: [0.1, -0.2, 0.3, 0.4, -0.5], max: [0.1, -0.2, 0.3, 0.4, -0.5], buckets: 5,
          durationSec: 0.005))
  }

  @Test func emptyFileHasNoBuckets() async throws {
    let result = try await peaks(of: [], channels: 2, buckets: 100)
    #expect(result == WaveformPeaks(min: [], max: [], buckets: 0, durationSec: 0))
  }

  @Test(arguments: [0, -3])
  func nonPositiveBucketCountIsAnError(buckets: Int) async throws {
    let error = await #expect(throws: WaveformPeaksError.self) {
      _ = try await peaks(of: [0, 1], channels: 1, buckets: buckets)
    }
    #expect(error == .invalidBucketCount(buckets))
    #expect(error?.description == "the number of buckets must be at least 1 (got \(buckets))")
  }

  @Test func unreadableFileIsAnAudioFileError() async throws {
    let url = scratch.file("missing.flac")
    let error = await #expect(throws: AudioFileError.self) {
      _ = try await WaveformPeakComputer().computePeaks(url: url, targetBuckets: 10)
    }
    #expect(error?.kind == .notFound)
  }

  @Test func cancelledTaskStopsWithCancellationError() async throws {
    let url = scratch.file("cancel.wav")
    try AudioIO.write([0, 0.5], to: url, container: .wav, sample: .float, channels: 1)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await WaveformPeakComputer().computePeaks(url: url, targetBuckets: 1)
    }
    await #expect(throws: CancellationError.self) { _ = try await task.value }
  }

  @Test func jsonRoundTrip() throws {
    let peaks = WaveformPeaks(min: [-0.5, 0], max: [0.25, 1], buckets: 2, durationSec: 1.5)
    let data = try JSONEncoder().encode(peaks)
    #expect(try JSONDecoder().decode(WaveformPeaks.self, from: data) == peaks)
  }
}
