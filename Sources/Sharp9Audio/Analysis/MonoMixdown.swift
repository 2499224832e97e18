/// Folds interleaved frames, fed in any chunking, into the mono signal the beat tracker analyses:
/// the mean of the channels, decimated by a whole factor (the mean of each run of `factor`
/// frames; aliasing above the new Nyquist frequency does not move onsets).
///
/// Each output sample is summed in the same order whatever the chunk sizes, so the result is
/// identical bit for bit however the stream is cut. A damaged float file's NaN and infinite
/// samples count as silence, and samples beyond ±``limit`` as ±``limit`` (audio is within ±1), so
/// no later sum overflows.
struct MonoMixdown {
  /// The largest sample magnitude taken as it is.
  static let limit: Float = 1000
  /// Frames per output sample.
  let factor: Int
  /// The output's sample rate.
  let outputRate: Double
  private let channels: Int
  private let scale: Float
  private var sum: Float = 0
  private var pending = 0

  /// A mixdown of `channels` channels at `sampleRate` Hz (both > 0), to at least
  /// ``BeatTuning/minimumAnalysisRate`` where the input allows.
  init(sampleRate: Int, channels: Int) {
    precondition(sampleRate > 0 && channels > 0)
    factor = max(1, sampleRate / BeatTuning.minimumAnalysisRate)
    outputRate = Double(sampleRate) / Double(factor)
    self.channels = channels
    scale = 1 / Float(channels * factor)
  }

  /// Mixes `frames` frames from `interleaved` and appends each finished mono sample to `output`.
  mutating func consume(
    _ interleaved: UnsafeBufferPointer<Float>, frames: Int, into output: inout [Float]
  ) {
    precondition(interleaved.count >= frames * channels, "buffer smaller than frames × channels")
    var index = 0
    for _ in 0..<frames {
      for _ in 0..<channels {
        let sample = interleaved[index]
        sum += sample.isFinite ? min(Self.limit, max(-Self.limit, sample)) : 0
        index += 1
      }
      pending += 1
      if pending == factor {
        output.append(sum * scale)
        sum = 0
        pending = 0
      }
    }
  }
}
