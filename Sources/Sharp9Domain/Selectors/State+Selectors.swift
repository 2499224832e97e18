import Foundation

/// Derived values the reducer, the CLI and a UI read off a ``State``.
extension State {
  /// The loop region with A before B, or `nil` unless both points are set.
  public var selectionRange: ClosedRange<Double>? {
    guard let a = loop.aSec, let b = loop.bSec else { return nil }
    return min(a, b)...max(a, b)
  }

  /// Whether the loop can be switched on: both A and B are set.
  public var canLoop: Bool { loop.aSec != nil && loop.bSec != nil }

  /// Whether a track is loaded (time-taking actions need one).
  public var hasTrack: Bool { track != nil }

  /// `timeSec` clamped to `[0, duration]` of the loaded track; `nil` when no track is loaded or
  /// the time is not finite (the action is then a no-op).
  public func clampedTime(_ timeSec: Double) -> Double? {
    guard let track, timeSec.isFinite else { return nil }
    return min(max(timeSec, 0), track.durationSec)
  }

  /// The marker with `id`, if present.
  public func marker(id: UUID) -> Marker? {
    markers.contains(id: id) ? markers.first { $0.id == id } : nil
  }

  /// Whether the toast (if any) has expired at `now`.
  public func toastExpired(at now: Date) -> Bool {
    guard let toast else { return false }
    return now > toast.expiresAt
  }
}

extension State {
  /// The beat grid playback follows (the analysed one as the musician corrected it), or nil
  /// without a track or a grid. Computed on each call: keep it when asking often.
  public var beatGrid: BeatGrid? {
    guard let track else { return nil }
    return rhythm.grid(durationSec: track.durationSec)
  }

  /// The grid's tempo in BPM: the tapped or typed one, else the analysed one; nil without.
  public var tempo: Double? {
    guard hasTrack else { return nil }
    return rhythm.edit.tempo ?? rhythm.detected?.tempo
  }
}
