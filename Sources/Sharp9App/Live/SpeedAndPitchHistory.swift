import Sharp9Domain

/// The song's speed and pitch from each session frame they changed at (the last many), so that
/// a take is stamped with what it was played along at: a take begun at a frame already past (a
/// loop wrap the engine reports a moment later) gets the speed and pitch of then, not the ones a
/// key changed since, and a take during which they changed gets each change.
struct SpeedAndPitchHistory {
  private var changes: [(frame: Int64, setting: SpeedAndPitch)] = []

  /// How many changes are kept: far more than a take that is still being written can have seen
  /// (a take keeps at most ``PracticeRules/takePlayedAtChangeLimit``).
  static let kept = 4_096

  /// From `frame` on, the song plays at `setting` (`before`: what it played at until then).
  mutating func note(_ setting: SpeedAndPitch, fromFrame frame: Int64, before: SpeedAndPitch) {
    if changes.isEmpty { changes.append((Int64.min, before)) }
    changes.append((frame, setting))
    if changes.count > Self.kept { changes.removeFirst(changes.count - Self.kept) }
  }

  /// The speed and pitch at `frame`: the latest change at or before it (nil: none is known).
  func setting(atFrame frame: Int64) -> SpeedAndPitch? {
    settings().last { $0.frame <= frame }?.setting
  }

  /// `take` with the speed and pitch of its first frame and each change while it was recorded
  /// (the first ``PracticeRules/takePlayedAtChangeLimit``), as far as they are known: a take
  /// whose first frame's are not known keeps the ones it has, and its changes are not known.
  func stamp(_ take: TakeRecording) -> TakeRecording {
    var take = take
    let settings = settings()
    guard let first = settings.last(where: { $0.frame <= take.startFrame })?.setting else {
      return take
    }
    take.playedAt = first
    take.playedAtChanges = PlayedAtChange.within(
      settings, from: take.startFrame, to: take.endFrame, first: first)
    return take
  }

  /// The changes in frame order, one per frame (the one noted last: a trainer's step is noted
  /// when its wrap is reported, after actions sent at later frames).
  private func settings() -> [(frame: Int64, setting: SpeedAndPitch)] {
    var byFrame: [(frame: Int64, setting: SpeedAndPitch)] = []
    for change in changes.enumerated().sorted(by: {
      ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset)
    }) {
      if byFrame.last?.frame == change.element.frame { byFrame.removeLast() }
      byFrame.append(change.element)
    }
    return byFrame
  }
}
