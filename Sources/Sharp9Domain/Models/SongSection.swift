/// A section of a song as the song keeps it between sessions: where a named marker stands and
/// its name. In a session a section is a ``Marker`` with a name; the song's list is kept in its
/// own stream (with its saved loops, see ``SongMarks``) and comes back, as named markers, in
/// every session that opens the song.
public struct SongSection: Sendable, Equatable, Hashable, Codable {
  /// The name, ``PracticeRules/loopNameLength`` characters long (names may repeat: a song has
  /// more than one chorus).
  public var name: String
  /// Where the section starts, in source seconds.
  public var timeSec: Double

  /// Creates a section.
  public init(name: String, timeSec: Double) {
    self.name = name
    self.timeSec = timeSec
  }
}
