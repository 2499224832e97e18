/// Where the phase vocoder's schedule stands between two frames: with the phase and reference
/// buffers, everything a checkpoint must restore.
struct VocoderCursor {
  /// The next synthesis frame; its window is centred at intermediate frame `frameIndex · hop`.
  var frameIndex = 0
  /// Analysis centre (input frames) of the previous frame.
  var previousCenter = 0.0
  /// First input frame of the previous frame's analysis window.
  var previousStart = 0
  /// Frames still to analyze without stretch or phase rotation (around an onset or a restart).
  var identityFramesLeft = 0
  /// Whether the previous frame sounded, so its reference spectrum can seed phase locking.
  var hasPrevious = false
  /// The accumulator slot holding the pending overlap-add sums.
  var slot = 0
}

/// The phase vocoder's state before each of its most recent frames, so a speed or pitch change
/// can take back the frames already analyzed under the old mapping and redo them under the new
/// one: a window is analyzed half its length ahead of where it is heard, and keeping those
/// frames delayed a speed change by about 29 ms (issue 5 allows one hop, ≤ 12 ms).
///
/// A ring of `depth` entries, each the cursor, the queue's write position, the phase rotation
/// and the previous reference spectrum. The overlap-add sums are not copied: the vocoder writes
/// each frame's sums into the next of `depth + 1` accumulator slots, so the slot a checkpoint
/// names stays intact for as long as the checkpoint lives.
final class VocoderCheckpoints {
  /// One saved state.
  struct Entry {
    /// The vocoder's cursor before the frame.
    var cursor = VocoderCursor()
    /// The intermediate queue's write position before the frame.
    var queueWrite = 0
  }

  /// How many frames can be taken back.
  let depth: Int
  /// A pointer, not an array: a debug build's first store into an `[Entry]` instantiates
  /// generic metadata on the audio thread, which allocates.
  private let entries: UnsafeMutablePointer<Entry>
  private let rotations: [AlignedFloats]
  private let references: [AlignedFloats]
  private var newest = 0
  private(set) var count = 0

  /// Allocates `depth` checkpoints for spectra of `bins` bins.
  init(depth: Int, bins: Int) throws {
    self.depth = depth
    rotations = try (0..<depth).map { _ in try AlignedFloats(count: bins) }
    references = try (0..<depth).map { _ in try AlignedFloats(count: 2 * bins) }
    // Last: nothing after it throws, so the entries cannot leak.
    entries = UnsafeMutablePointer<Entry>.allocate(capacity: depth)
    entries.initialize(repeating: Entry(), count: depth)
  }

  deinit {
    entries.deinitialize(count: depth)
    entries.deallocate()
  }

  /// Forgets every checkpoint.
  func clear() { count = 0 }

  /// The oldest checkpoint kept (nil when there is none).
  var oldest: Entry? {
    count == 0 ? nil : entries[(newest - count + 1 + depth) % depth]
  }

  /// Saves `entry`; `fill` copies the rotation (`bins` floats) and, when the cursor has a
  /// previous frame, its reference spectrum (`2 · bins`) into the checkpoint's buffers.
  func save(
    _ entry: Entry,
    fill: (_ rotation: UnsafeMutablePointer<Float>, _ reference: UnsafeMutablePointer<Float>) ->
      Void
  ) {
    newest = (newest + 1) % depth
    count = min(count + 1, depth)
    entries[newest] = entry
    fill(rotations[newest].pointer, references[newest].pointer)
  }

  /// Removes the checkpoints of the frames centred after intermediate frame `position` and
  /// returns the oldest of them, whose state is the vocoder's before the first such frame
  /// (nil when no kept frame is centred after `position`).
  func takeBack(
    framesCenteredAfter position: Double, hop: Int,
    restore: (_ rotation: UnsafePointer<Float>, _ reference: UnsafePointer<Float>) -> Void
  ) -> Entry? {
    var taken = 0
    while taken < count {
      let index = (newest - taken + depth) % depth
      guard Double(entries[index].cursor.frameIndex * hop) > position else { break }
      taken += 1
    }
    guard taken > 0 else { return nil }
    let index = (newest - taken + 1 + depth) % depth
    restore(rotations[index].pointer, references[index].pointer)
    newest = (index - 1 + depth) % depth
    count -= taken
    return entries[index]
  }
}
