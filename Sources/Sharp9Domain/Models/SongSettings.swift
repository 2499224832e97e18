/// What a song's last session left besides its saved loops: its markers (their times), speed and
/// pitch. A new session on the same song starts with them (``Action/songSettingsRestored(_:)``),
/// so the musician finds the song as they left it.
///
/// Only unnamed markers travel here; saved loops come back through the song's own stream.
public struct SongSettings: Sendable, Equatable, Hashable, Codable {
  /// The plain (unnamed) markers' times, in source seconds, in the order they were added.
  public var markers: [Double]
  /// The playback speed.
  public var speed: Double
  /// The transposition, in semitones.
  public var pitchSemitones: Double

  /// Creates the settings.
  public init(markers: [Double], speed: Double, pitchSemitones: Double) {
    self.markers = markers
    self.speed = speed
    self.pitchSemitones = pitchSemitones
  }

  /// What `state` (a session's last) leaves to the song's next session, or nil when that is
  /// nothing a new session does not already start with (no markers, speed 1, no transposition).
  public init?(leftBy state: State) {
    let fresh = State().transport
    // Plain markers only: sections (named markers) come back from the song's own stream.
    let markers = state.markers.lazy.filter { $0.name == nil }
      .prefix(PracticeRules.restoredMarkerLimit).map(\.timeSec)
    guard
      !markers.isEmpty || state.transport.speed != fresh.speed
        || state.transport.pitchSemitones != fresh.pitchSemitones
    else { return nil }
    self.init(
      markers: Array(markers), speed: state.transport.speed,
      pitchSemitones: state.transport.pitchSemitones)
  }
}
