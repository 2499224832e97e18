import Sharp9Domain

/// A take's speed and pitch changes where the audio thread can read them: a copy in memory of
/// its own, viewed by ``TakeSound/changes`` (a plain pointer, so handing a view to the audio
/// thread retains nothing) and freed with this object. Whoever keeps a take's decoded audio for
/// the audio thread keeps its buffer beside it, for as long.
final class PlayedAtChangeBuffer {
  let changes: UnsafeMutableBufferPointer<PlayedAtChange>

  /// A copy of `changes`.
  init(_ changes: [PlayedAtChange]) {
    self.changes = .allocate(capacity: changes.count)
    _ = self.changes.initialize(from: changes)
  }

  deinit { changes.deallocate() }
}
