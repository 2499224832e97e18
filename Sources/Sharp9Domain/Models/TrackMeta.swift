/// What the engine reported about the loaded track.
public struct TrackMeta: Sendable, Equatable, Hashable, Codable {
  /// Display name (usually the file name).
  public var name: String
  /// Length of the track in seconds.
  public var durationSec: Double

  /// Creates track metadata.
  public init(name: String, durationSec: Double) {
    self.name = name
    self.durationSec = durationSec
  }
}
