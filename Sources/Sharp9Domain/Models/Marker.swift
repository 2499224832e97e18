import Foundation

/// A point of interest the musician dropped on the track; a named one marks where a section
/// ("Verse", "Solo") starts, and the song keeps its sections (see ``SongSection``).
///
/// Ids are never generated here: they come from the ``ActionContext`` of the action that created
/// the marker, so replaying a session recreates the same ids.
public struct Marker: Sendable, Equatable, Hashable, Codable, Identifiable {
  /// Stable identity, derived from the session and the event that created the marker.
  public var id: UUID
  /// Position in the track, in source seconds.
  public var timeSec: Double
  /// The section's name, or `nil` for a plain marker (written to JSON only when set, so markers
  /// from before sections keep their JSON and hashes).
  public var name: String?

  /// Creates a marker.
  public init(id: UUID, timeSec: Double, name: String? = nil) {
    self.id = id
    self.timeSec = timeSec
    self.name = name
  }
}
