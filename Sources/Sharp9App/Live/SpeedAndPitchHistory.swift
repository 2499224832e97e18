import Sharp9Domain

/// The song's speed and pitch from each session frame they changed at (the last few), so that
/// a take begun at a frame already past (a loop wrap the engine reports a moment later) is
/// stamped with the speed and pitch it was played along at, not the ones a key changed since.
struct SpeedAndPitchHistory {
  private var changes: [(frame: Int64, setting: SpeedAndPitch)] = []

  /// How many changes are kept: far more than happen between a wrap and its report.
  static let kept = 32

  /// From `frame` on, the song plays at `setting` (`before`: what it played at until then).
  mutating func note(_ setting: SpeedAndPitch, fromFrame frame: Int64, before: SpeedAndPitch) {
    if changes.isEmpty { changes.append((Int64.min, before)) }
    changes.append((frame, setting))
    if changes.count > Self.kept { changes.removeFirst(changes.count - Self.kept) }
  }

  /// The speed and pitch at `frame`: the latest change at or before it (nil: none is known).
  func setting(atFrame frame: Int64) -> SpeedAndPitch? {
    changes.filter { $0.frame <= frame }.max { $0.frame < $1.frame }?.setting
  }
}
