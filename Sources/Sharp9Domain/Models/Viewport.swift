/// The visible span of the waveform, in source seconds.
public struct Viewport: Sendable, Equatable, Hashable, Codable {
  /// First visible second.
  public var startSec: Double
  /// Last visible second.
  public var endSec: Double

  /// Creates a viewport; the default is empty at 0.
  public init(startSec: Double = 0, endSec: Double = 0) {
    self.startSec = startSec
    self.endSec = endSec
  }
}
