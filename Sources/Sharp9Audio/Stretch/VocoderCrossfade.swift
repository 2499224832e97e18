import Foundation

/// A short crossfade in the intermediate stream, from what the vocoder was about to output when a
/// speed or pitch change took its frames back, to the redone frames: the two agree at the change
/// but drift apart after it, and switching at once would leave a step.
///
/// The old stream is captured from the queue and, beyond what the queue holds, from the pending
/// overlap-add sums; those lack only the next frame, whose window weighs below 0.5 % of the sum
/// over the crossfade (at most a sixth of the window's rising half), and that while the old
/// stream fades out, so the capture is the old stream for every practical purpose.
final class VocoderCrossfade {
  /// Crossfade length in intermediate frames.
  let length: Int
  private let channels: Int
  private let old: AlignedFloats
  private let gains: AlignedFloats
  private var start = 0
  private var active = false

  /// Allocates a crossfade of `length` frames of `channels` interleaved channels.
  init(length: Int, channels: Int) throws {
    self.length = length
    self.channels = channels
    old = try AlignedFloats(count: length * channels)
    gains = try AlignedFloats(count: length)
    // A raised cosine from just above 0 to just below 1: the gains of the two streams sum to 1,
    // which suits two strongly correlated signals (equal power would swell by up to 3 dB).
    for index in 0..<length {
      gains.pointer[index] = Float(
        0.5 - 0.5 * cos(Double.pi * Double(index + 1) / Double(length + 1)))
    }
  }

  /// Drops a pending crossfade.
  func clear() { active = false }

  /// Captures `length` frames of the stream from absolute intermediate frame `position`
  /// (≥ the queue's read position): written frames from `queue`, later ones from `pending`, the
  /// planar overlap-add sums (`size` frames per channel) that start at the queue's write
  /// position. A crossfade still pending there is applied to what is captured.
  func capture(
    from position: Int, queue: IntermediateQueue, pending: UnsafePointer<Float>, size: Int
  ) {
    let written = queue.writePosition
    for offset in 0..<length {
      let frame = position + offset
      for channel in 0..<channels {
        var value: Float
        if frame < written {
          value = queue.frames(from: frame)[channel]
        } else {
          value = pending[channel * size + frame - written]
          // Reads run ahead of writes (position ≥ start), so the old capture is still intact.
          if active, frame >= start, frame < start + length {
            value = blend(old.pointer[(frame - start) * channels + channel], value, frame - start)
          }
        }
        old.pointer[offset * channels + channel] = value
      }
    }
    start = position
    active = true
  }

  /// Blends the captured stream into `frames` interleaved frames just written at absolute
  /// intermediate frame `position`.
  func apply(to destination: UnsafeMutablePointer<Float>, at position: Int, frames: Int) {
    guard active else { return }
    let lower = max(position, start)
    let upper = min(position + frames, start + length)
    if lower < upper {
      for frame in lower..<upper {
        for channel in 0..<channels {
          let index = (frame - position) * channels + channel
          destination[index] = blend(
            old.pointer[(frame - start) * channels + channel], destination[index], frame - start)
        }
      }
    }
    if position + frames >= start + length { active = false }
  }

  private func blend(_ previous: Float, _ next: Float, _ index: Int) -> Float {
    let gain = gains.pointer[index]
    return previous * (1 - gain) + next * gain
  }
}
