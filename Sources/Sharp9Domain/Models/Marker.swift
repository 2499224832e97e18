import Foundation

/// A point of interest the musician dropped on the track.
///
/// Ids are never generated here: they come from the ``ActionContext`` of the action that created
/// the marker, so replaying a session recreates the same ids.
public struct Marker: Sendable, Equatable, Hashable, Codable, Identifiable {
  /// Stable identity, derived from the session and the event that created the marker.
  public var id: UUID
  /// Position in the track, in source seconds.
  public var timeSec: Double

  /// Creates a marker.
  public init(id: UUID, timeSec: Double) {
    self.id = id
    self.timeSec = timeSec
  }
}
