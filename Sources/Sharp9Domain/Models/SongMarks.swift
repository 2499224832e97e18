/// What a song keeps between sessions, whichever session made it: its saved loops and its
/// sections. One event of the song's stream holds the whole of it after a change.
public struct SongMarks: Sendable, Equatable, Hashable, Codable {
  /// The saved loops, in their numbered order.
  public var loops: [SavedLoop]
  /// The sections, in time order.
  public var sections: [SongSection]

  /// Creates a song's marks.
  public init(loops: [SavedLoop] = [], sections: [SongSection] = []) {
    self.loops = loops
    self.sections = sections
  }

  /// Whether the song keeps nothing.
  public var isEmpty: Bool { loops.isEmpty && sections.isEmpty }
}
