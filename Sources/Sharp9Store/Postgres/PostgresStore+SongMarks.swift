import Foundation
import PostgresNIO
import Sharp9Domain

/// What a song keeps, its saved loops and sections, a stream of its own (`song_loop_events`), as
/// in SQLite's store.
extension PostgresStore {
  /// The song's current marks (the last event's; empty for a song with none).
  ///
  /// - Throws: ``StoreError/corruptEvent(session:seq:reason:)`` (naming the song) when the stored
  ///   lists are not ones.
  public func songMarks(of song: String) throws -> SongMarks {
    let rows = try connection.query(
      """
      SELECT seq, loops, sections FROM song_loop_events WHERE song_sha256 = \(song)
      ORDER BY seq DESC LIMIT 1
      """, "read the saved loops and sections of song \(song.prefix(12))")
    guard let (seq, loops, sections) = try rows.first?.decode((Int64, String, String?).self)
    else { return SongMarks() }
    return try SongMarksText.decode(loops: loops, sections: sections, song: song, seq: seq)
  }

  /// Appends the song's new marks, changed in `session` (nil: an import) at `date`; durable
  /// before it returns. Unchanged marks append nothing.
  ///
  /// One statement: the next sequence number and the comparison with the last marks are read in
  /// it; two writers drawing the same number collide on the primary key, and the loser tries once
  /// more against the winner's marks.
  public func recordSongMarks(
    _ marks: SongMarks, of song: String, from session: UUID?, at date: Date
  ) throws {
    let text = try SongMarksText.encode(marks)
    let query: PostgresQuery = """
      WITH last AS (
        SELECT seq, loops, coalesce(sections, '[]') AS sections FROM song_loop_events
        WHERE song_sha256 = \(song) ORDER BY seq DESC LIMIT 1
      )
      INSERT INTO song_loop_events (song_sha256, seq, recorded_ms, session_id, loops, sections)
      SELECT \(song), coalesce((SELECT seq FROM last), 0) + 1, \(UnixMilliseconds(date).value),
        \(session), \(text.loops), \(text.sections)
      WHERE (SELECT (loops, sections) FROM last) IS DISTINCT FROM (\(text.loops), \(text.sections))
      """
    let operation = "record the saved loops and sections of song \(song.prefix(12))"
    do {
      try connection.query(query, operation)
    } catch let error as PostgresError where error.isUniqueViolation {
      try connection.query(query, operation)
    }
  }
}
