import Foundation

/// When a sync request is sent again: after a network error, a 5xx or a 429, never after
/// another 4xx (the request itself is wrong, and would be again), with exponential backoff and
/// full jitter (each wait uniform in 0 … min(cap, base × 2^attempt)), so many devices that lost
/// the server together do not come back together.
public struct SyncRetry: Sendable {
  /// How many times a request is sent at most (1: never again).
  public var attempts: Int
  /// The first backoff's ceiling.
  public var base: Duration
  /// No backoff is longer.
  public var cap: Duration

  /// Creates a policy.
  public init(attempts: Int = 8, base: Duration = .milliseconds(200), cap: Duration = .seconds(5)) {
    self.attempts = max(1, attempts)
    self.base = base
    self.cap = cap
  }

  /// Whether an answer with `status` is worth sending again.
  public static func isRetryable(status: Int) -> Bool {
    status >= 500 || status == 429
  }

  /// The wait before attempt `attempt + 1` (attempt counts from 0).
  public func delay(after attempt: Int, using generator: inout some RandomNumberGenerator)
    -> Duration
  {
    let ceiling = min(cap, base * (1 << min(attempt, 20)))
    let nanoseconds =
      ceiling.components.seconds * 1_000_000_000
      + ceiling.components.attoseconds / 1_000_000_000
    guard nanoseconds > 0 else { return .zero }
    return .nanoseconds(Int64.random(in: 0...nanoseconds, using: &generator))
  }
}
