/// How a session is rendered: which part of the wall clock, whether pauses are kept, the fades
/// and the stretcher's quality.
public struct RenderSettings: Sendable, Equatable {
  /// Wall time (seconds since the session started) where the output begins.
  public var fromSec: Double
  /// Wall time where the output ends (nil: wherever the playback driver stops advancing). The
  /// last ``fadeSec`` before it fade out, so a cut never clicks.
  public var toSec: Double?
  /// Leave paused spans out of the output instead of writing them as silence (the fade-out tail
  /// of each pause is kept, so the cut never clicks).
  public var skipPauses: Bool
  /// Length of every de-click fade and of the equal-power crossfade at loop wraps and seeks:
  /// 5 ms is inaudible as a fade yet removes the step of a cut.
  public var fadeSec: Double
  /// The stretcher's converter and overlap.
  public var quality: StretchQuality
  /// Frames rendered per processing block (also the stretcher's maximum block).
  public var blockFrames: Int

  /// The longest a speed or pitch change may take to be heard after its event: the stretcher's
  /// hop is bounded by it (issue 5: within one hop, at most 12 ms).
  public static let parameterChangeSec = 0.012

  /// Creates settings; the defaults render the whole session with pauses as silence.
  public init(
    fromSec: Double = 0, toSec: Double? = nil, skipPauses: Bool = false, fadeSec: Double = 0.005,
    quality: StretchQuality = .standard, blockFrames: Int = 8192
  ) {
    self.fromSec = fromSec
    self.toSec = toSec
    self.skipPauses = skipPauses
    self.fadeSec = fadeSec
    self.quality = quality
    self.blockFrames = blockFrames
  }
}
