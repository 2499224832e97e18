/// The `t` of each line `sharp9 record` records.
///
/// A line without `t` is stamped with the recorder's clock: seconds since recording started,
/// monotonic. A line with its own `t` sets the clock: later clock-stamped lines continue from
/// that `t` as time passes. And the clock never reads earlier than the last recorded event. So a
/// line with a `t` ahead of the clock (even far ahead) never makes the lines after it go
/// "backwards": nothing one line carries can block the ones after it.
struct RecordingClock {
  private let clock = ContinuousClock()
  private var anchor: ContinuousClock.Instant
  private var anchorT: Double = 0

  /// A clock reading 0 now.
  init() { anchor = clock.now }

  /// The `t` for a line: `explicit` if it has one, else the clock's reading, never before
  /// `lastT` (the session's last recorded `t`).
  func stamp(explicit: Double?, lastT: Double) -> Double {
    if let explicit { return explicit }
    let elapsed = clock.now - anchor
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return max(anchorT + seconds, lastT)
  }

  /// After a line with its own `t` was recorded: the clock continues from `t`.
  mutating func adopt(_ t: Double) {
    anchor = clock.now
    anchorT = t
  }
}
