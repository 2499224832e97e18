/// The A–B loop: either point may be unset; `enabled` is only ever true when both are set.
public struct LoopPoints: Sendable, Equatable, Hashable, Codable {
  /// Loop start in source seconds, if set.
  public var aSec: Double?
  /// Loop end in source seconds, if set.
  public var bSec: Double?
  /// Whether playback wraps from B back to A.
  public var enabled: Bool

  /// Creates loop points; the default is no loop.
  public init(aSec: Double? = nil, bSec: Double? = nil, enabled: Bool = false) {
    self.aSec = aSec
    self.bSec = bSec
    self.enabled = enabled
  }

  private enum CodingKeys: String, CodingKey { case aSec, bSec, enabled }

  /// Encodes absent points as `null` rather than omitting them, as the interchange format requires.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(aSec, forKey: .aSec)
    try container.encode(bSec, forKey: .bSec)
    try container.encode(enabled, forKey: .enabled)
  }
}
