import Sharp9Domain

/// The beats the metronome clicks on, as the renderer reads them: a view of memory someone
/// else owns (plain pointers, so handing one to the audio thread retains and releases nothing).
/// The offline renderer owns its grid's memory in a ``ClickGridBuffer``; the live engine owns a
/// few preallocated buffers and passes views to the audio thread in its commands.
struct ClickGrid: BitwiseCopyable {
  /// Beat times in source seconds, ascending.
  var beats: UnsafeBufferPointer<Double>
  /// Whether each beat starts a bar (accented), index for index.
  var accents: UnsafeBufferPointer<Bool>

  /// No beats. (Computed, not a stored global: the audio thread must not run a lazy global
  /// initializer.)
  static var empty: ClickGrid {
    ClickGrid(
      beats: UnsafeBufferPointer(start: nil, count: 0),
      accents: UnsafeBufferPointer(start: nil, count: 0))
  }

  /// The index of the first beat at or after `timeSec` (binary search, no allocation).
  func firstIndex(notBefore timeSec: Double) -> Int {
    BeatGrid.firstIndex(in: beats, notBefore: timeSec)
  }
}

/// Memory for one ``ClickGrid`` of up to `capacity` beats, allocated once and freed with the
/// buffer.
final class ClickGridBuffer {
  private let beats: UnsafeMutableBufferPointer<Double>
  private let accents: UnsafeMutableBufferPointer<Bool>

  /// Allocates room for `capacity` beats.
  init(capacity: Int) {
    beats = .allocate(capacity: capacity)
    accents = .allocate(capacity: capacity)
  }

  deinit {
    beats.deallocate()
    accents.deallocate()
  }

  /// Copies `grid` in (its first ``capacity`` beats) and returns the view of it; nil gives the
  /// empty view. The view is valid until the next fill or the buffer's end.
  func fill(_ grid: BeatGrid?) -> ClickGrid {
    guard let grid else { return .empty }
    let count = min(grid.beats.count, beats.count)
    var downbeat = 0
    for index in 0..<count {
      let time = grid.beats[index]
      beats[index] = time
      while downbeat < grid.downbeats.count, grid.downbeats[downbeat] < time { downbeat += 1 }
      accents[index] = downbeat < grid.downbeats.count && grid.downbeats[downbeat] == time
    }
    return ClickGrid(
      beats: UnsafeBufferPointer(rebasing: beats[0..<count]),
      accents: UnsafeBufferPointer(rebasing: accents[0..<count]))
  }

  /// The most beats a fill keeps.
  var capacity: Int { beats.count }
}
