import Foundation
import Sharp9Domain

/// Finds the tempo, beats and downbeats of a recording (``BeatGrid``), offline.
///
/// The grid is a pure function of the file's decoded samples: the same samples give the same
/// grid, bit for bit, on every run, however the file is read (``beatGrid(url:)`` streams it,
/// ``DecodedAudio/beatGrid()`` reads it from memory). It allows the tempo to drift (a band
/// speeding up, a rubato intro) and assumes 4/4 for the downbeats. How, in short: a
/// log-compressed mel spectral flux every 10 ms, its autocorrelation with a tempo prior around
/// 120 BPM, Ellis's dynamic-programming beat tracker, a check of the octave against the
/// off-beats, and the bar phase with the most kick and bass; the details and their measurements
/// are in `BeatTuning` and docs/benchmarks/beats.md.
///
/// ```swift
/// let grid = try await BeatTracker().beatGrid(url: song)
/// ```
///
/// About 0.3 s for a 5-minute song in a release build, plus decoding.
public struct BeatTracker: Sendable {
  /// Frames per read.
  static let chunkFrames = 16384

  /// Creates a tracker.
  public init() {}

  /// Reads `url` once and returns its beat grid (``BeatGrid/none`` when it has no detectable
  /// beat).
  ///
  /// Runs on the concurrent executor, not the caller's actor, and checks for cancellation
  /// between chunks. Memory: the envelope (800 bytes a second) and one chunk.
  /// - Throws: ``AudioFileError`` for files that cannot be read, ``StretchError`` when FFTW
  ///   cannot plan its transforms, `CancellationError` when the task is cancelled.
  @concurrent
  public func beatGrid(url: URL) async throws -> BeatGrid {
    let reader = try AudioFileReader(url: url)
    let format = reader.format
    var mixdown = MonoMixdown(sampleRate: format.sampleRate, channels: format.channels)
    let builder = try OnsetEnvelopeBuilder(sampleRate: mixdown.outputRate)
    let buffer = UnsafeMutableBufferPointer<Float>.allocate(
      capacity: Self.chunkFrames * format.channels)
    defer { buffer.deallocate() }
    var mono: [Float] = []
    mono.reserveCapacity(Self.chunkFrames)
    while true {
      try Task.checkCancellation()
      let frames = try reader.read(into: buffer, frames: Self.chunkFrames)
      guard frames > 0 else { break }
      mono.removeAll(keepingCapacity: true)
      mixdown.consume(UnsafeBufferPointer(buffer), frames: frames, into: &mono)
      builder.append(mono)
    }
    return try BeatAnalysis.grid(of: builder.finish())
  }
}
