import Foundation
import Sharp9Domain

/// The two clocks a running session reads: the wall clock, for when a session starts (every
/// event's `now` is that plus its `t`), and a monotonic one, for each event's `t`.
///
/// Injected through ``AppDependencies`` so tests pin both:
///
/// ```swift
/// var elapsed = 0.0
/// let clock = AppClock(now: { Date(timeIntervalSince1970: 0) }, elapsedSec: { elapsed })
/// ```
public struct AppClock {
  /// The wall clock.
  public var now: () -> Date
  /// Seconds since the clock started, never going backwards.
  public var elapsedSec: () -> Double

  /// A clock reading these two functions.
  public init(now: @escaping () -> Date, elapsedSec: @escaping () -> Double) {
    self.now = now
    self.elapsedSec = elapsedSec
  }

  /// The system clocks; `elapsedSec` counts from this call on `ContinuousClock`.
  public static func live() -> AppClock {
    let start = ContinuousClock.now
    return AppClock(
      now: { Date() },
      elapsedSec: {
        (ContinuousClock.now - start).inSeconds
      })
  }
}
