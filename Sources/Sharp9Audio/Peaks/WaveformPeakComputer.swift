import Foundation

/// Computes ``WaveformPeaks`` for a file by streaming it through a fixed buffer: memory is
/// constant whatever the file's length, and the work runs off the caller's actor.
///
/// ```swift
/// let peaks = try await WaveformPeakComputer().computePeaks(url: url, targetBuckets: 2000)
/// ```
public struct WaveformPeakComputer: Sendable {
  /// Frames per read. 16384 stereo frames (128 KiB) stay in cache between decode and scan.
  public var chunkFrames: Int

  /// Creates a computer reading `chunkFrames` frames at a time (> 0).
  public init(chunkFrames: Int = 16384) {
    precondition(chunkFrames > 0, "chunkFrames must be positive")
    self.chunkFrames = chunkFrames
  }

  /// Reads `url` once and returns `targetBuckets` buckets (fewer if the file has fewer frames).
  ///
  /// Runs on the concurrent executor, not the caller's actor, and checks for cancellation
  /// between chunks.
  /// - Throws: ``WaveformPeaksError`` for `targetBuckets <= 0`, ``AudioFileError`` for files that
  ///   cannot be read, `CancellationError` when the task is cancelled.
  @concurrent
  public func computePeaks(url: URL, targetBuckets: Int) async throws -> WaveformPeaks {
    guard targetBuckets > 0 else { throw WaveformPeaksError.invalidBucketCount(targetBuckets) }
    let reader = try AudioFileReader(url: url)
    let format = reader.format
    var accumulator = WaveformPeakAccumulator(
      totalFrames: format.frames, channels: format.channels, targetBuckets: targetBuckets)
    let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: chunkFrames * format.channels)
    defer { buffer.deallocate() }
    while true {
      try Task.checkCancellation()
      let frames = try reader.read(into: buffer, frames: chunkFrames)
      guard frames > 0 else { break }
      accumulator.consume(UnsafeBufferPointer(buffer), frames: frames)
    }
    return accumulator.peaks(sampleRate: format.sampleRate)
  }
}

/// Invalid requests to ``WaveformPeakComputer``.
public enum WaveformPeaksError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bucket count was zero or negative.
  case invalidBucketCount(Int)

  /// One line for a user.
  public var description: String {
    switch self {
    case .invalidBucketCount(let count):
      "the number of buckets must be at least 1 (got \(count))"
    }
  }
}
