import Foundation
import Sharp9Domain

/// What a song keeps, its saved loops and sections, in a stream of its own (`song_loop_events`):
/// each event is the song's whole list after a change, so the marks belong to the song and
/// outlive the sessions that made them. A song is its audio's SHA-256, as sessions record it.
extension EventStore {
  /// The song's current marks (the last event's; empty for a song with none).
  ///
  /// - Throws: ``StoreError/corruptEvent(session:seq:reason:)`` (naming the song) when the stored
  ///   lists are not ones.
  public func songMarks(of song: String) throws -> SongMarks {
    let select = try database.cached(
      """
      SELECT seq, loops, sections FROM song_loop_events WHERE song_sha256 = ?
      ORDER BY seq DESC LIMIT 1
      """)
    try select.bind(song, at: 1)
    guard try select.step() else { return SongMarks() }
    return try SongMarksText.decode(
      loops: select.text(1) ?? "", sections: select.text(2), song: song, seq: select.int64(0))
  }

  /// Appends the song's new marks, changed in `session` (nil: an import) at `date`; durable
  /// before it returns. Unchanged marks append nothing.
  public func recordSongMarks(
    _ marks: SongMarks, of song: String, from session: UUID?, at date: Date
  ) throws {
    let text = try SongMarksText.encode(marks)
    try database.transaction {
      let last = try database.cached(
        """
        SELECT seq, loops, sections FROM song_loop_events WHERE song_sha256 = ?
        ORDER BY seq DESC LIMIT 1
        """)
      try last.bind(song, at: 1)
      var seq: Int64 = 1
      if try last.step() {
        if last.text(1) == text.loops, last.text(2) ?? "[]" == text.sections { return }
        seq = last.int64(0) + 1
      }
      let insert = try database.cached(
        """
        INSERT INTO song_loop_events (song_sha256, seq, recorded_ms, session_id, loops, sections)
        VALUES (?, ?, ?, ?, ?, ?)
        """)
      try insert.bind(song, at: 1)
      try insert.bind(seq, at: 2)
      try insert.bind(UnixMilliseconds(date).value, at: 3)
      try insert.bind(session.map { $0.uuidString.lowercased() }, at: 4)
      try insert.bind(text.loops, at: 5)
      try insert.bind(text.sections, at: 6)
      try insert.run()
    }
  }
}
