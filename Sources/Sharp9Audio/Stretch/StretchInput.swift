/// The stretcher's input history: planar channels addressed by absolute input frame, where frame
/// 0 is the first frame pushed after `reset`. Frames before 0 read as the reset history (or
/// silence) and frames at or after the pushed end read as silence, so windows near either end of
/// a stream need no special cases.
final class StretchInput {
  let channels: Int
  private let capacity: Int
  private let storage: [AlignedFloats]
  /// Absolute frame index of storage offset 0.
  private(set) var base = 0
  /// Absolute index one past the last pushed frame.
  private(set) var end = 0

  /// Allocates `capacity` frames per channel.
  init(channels: Int, capacity: Int) throws {
    self.channels = channels
    self.capacity = capacity
    storage = try (0..<channels).map { _ in try AlignedFloats(count: capacity) }
  }

  /// Empties the buffer; `historyFrames` frames of silence precede frame 0.
  func reset(historyFrames: Int) {
    for channel in 0..<storage.count { storage[channel].zero() }
    base = -historyFrames
    end = 0
  }

  /// Writes `frames` interleaved frames as the input just before frame 0 (after `reset`).
  func setHistory(_ interleaved: UnsafePointer<Float>, frames: Int) {
    let offset = -frames - base
    for channel in 0..<channels {
      let destination = storage[channel].pointer + offset
      for frame in 0..<frames { destination[frame] = interleaved[frame * channels + channel] }
    }
  }

  /// Appends interleaved frames, dropping frames before `keepFrom` when space runs out.
  func push(_ interleaved: UnsafePointer<Float>, frames: Int, keepFrom: Int) {
    guard frames > 0 else { return }
    if end - base + frames > capacity { compact(keepFrom: keepFrom) }
    precondition(
      end - base + frames <= capacity,
      "TimeStretcher: pushed more input than its buffers hold; push at most what "
        + "inputFramesNeeded(forOutputFrames:) asks for, in blocks ≤ maximumBlockFrames")
    let offset = end - base
    for channel in 0..<channels {
      let destination = storage[channel].pointer + offset
      for frame in 0..<frames { destination[frame] = interleaved[frame * channels + channel] }
    }
    end += frames
  }

  /// Writes frames `start..<start+count` of `channel` into `destination`; frames outside the
  /// stored range are silence.
  func read(channel: Int, start: Int, count: Int, into destination: UnsafeMutablePointer<Float>) {
    let lower = max(start, base)
    let upper = min(start + count, end)
    guard lower < upper else {
      destination.update(repeating: 0, count: count)
      return
    }
    if lower > start { destination.update(repeating: 0, count: lower - start) }
    (destination + (lower - start)).update(
      from: storage[channel].pointer + (lower - base), count: upper - lower)
    if upper < start + count {
      (destination + (upper - start)).update(repeating: 0, count: start + count - upper)
    }
  }

  /// The stored samples of `channel` from absolute frame `start` (must be ≥ `base`).
  func samples(channel: Int, from start: Int) -> UnsafeMutablePointer<Float> {
    storage[channel].pointer + (start - base)
  }

  private func compact(keepFrom: Int) {
    let drop = min(max(keepFrom - base, 0), end - base)
    guard drop > 0 else { return }
    let kept = end - base - drop
    // Indexed: a debug build's array iterator mallocs per element (this runs on the audio thread).
    for channel in 0..<storage.count {
      storage[channel].pointer.update(from: storage[channel].pointer + drop, count: kept)
    }
    base += drop
  }
}

/// Interleaved phase-vocoder output waiting for the resampler (or for direct output), addressed
/// by absolute intermediate frame. Keeps `history` consumed frames so a resampler started later
/// has real signal under its filter instead of silence, and `retained` (≥ `history`) so the
/// vocoder can rewrite frames it takes back.
final class IntermediateQueue {
  let channels: Int
  let history: Int
  private let retained: Int
  private let capacity: Int
  private let storage: AlignedFloats
  /// Absolute intermediate index of storage frame 0.
  private(set) var base = 0
  /// Absolute index of the next frame to consume.
  private(set) var readPosition = 0
  /// Absolute index one past the last written frame.
  private(set) var writePosition = 0

  /// Allocates room for `capacity` frames.
  init(channels: Int, capacity: Int, history: Int, retained: Int) throws {
    precondition(retained >= history && capacity > 2 * retained, "queue too small")
    self.channels = channels
    self.capacity = capacity
    self.history = history
    self.retained = retained
    storage = try AlignedFloats(count: capacity * channels)
  }

  /// Frames written but not yet consumed.
  var available: Int { writePosition - readPosition }

  /// Empties the queue; the next written frame has absolute index `start`, and reading starts at
  /// `readStart` (frames written before it become history).
  func reset(start: Int, readStart: Int) {
    base = start
    writePosition = start
    readPosition = readStart
  }

  /// Room for `frames` more frames at the write position (interleaved); call `commit` after.
  func reserve(_ frames: Int) -> UnsafeMutablePointer<Float> {
    if writePosition - base + frames > capacity {
      let keepFrom = min(readPosition - retained, writePosition)
      let drop = max(keepFrom - base, 0)
      let kept = writePosition - base - drop
      storage.pointer.update(from: storage.pointer + drop * channels, count: kept * channels)
      base += drop
    }
    precondition(writePosition - base + frames <= capacity, "IntermediateQueue overflow")
    return storage.pointer + (writePosition - base) * channels
  }

  /// Marks `frames` reserved frames as written.
  func commit(_ frames: Int) { writePosition += frames }

  /// Moves the write position back to `position` (within the retained frames), so the frames
  /// from there on are written again; frames before the read position are rewritten unread.
  func rewindWrite(to position: Int) {
    precondition(position >= base && position <= writePosition, "rewind beyond the queue")
    writePosition = position
  }

  /// The interleaved frames from absolute index `position` (must be ≥ `base`).
  func frames(from position: Int) -> UnsafeMutablePointer<Float> {
    storage.pointer + (position - base) * channels
  }

  /// Marks `count` frames as consumed.
  func consume(_ count: Int) { readPosition += count }

  /// Moves the read position back by up to `frames` frames of kept history; returns how far.
  func rewind(upTo frames: Int) -> Int {
    let back = min(frames, readPosition - base)
    readPosition -= back
    return back
  }
}
