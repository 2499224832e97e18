import Foundation
import PostgresNIO
import Sharp9Domain

/// A song's saved loops, a stream of their own (`song_loop_events`), as in SQLite's store.
extension PostgresStore {
  /// The song's current saved loops (the last event's list; empty for a song with none).
  ///
  /// - Throws: ``StoreError/corruptEvent(session:seq:reason:)`` (naming the song) when the stored
  ///   list is not one.
  public func songLoops(of song: String) throws -> [SavedLoop] {
    let rows = try connection.query(
      """
      SELECT seq, loops FROM song_loop_events WHERE song_sha256 = \(song)
      ORDER BY seq DESC LIMIT 1
      """, "read the saved loops of song \(song.prefix(12))")
    guard let (seq, text) = try rows.first?.decode((Int64, String).self) else { return [] }
    return try SongLoopsText.decode(text, song: song, seq: seq)
  }

  /// Appends the song's new list of saved loops, changed in `session` (nil: an import) at
  /// `date`; durable before it returns. An unchanged list appends nothing.
  ///
  /// One statement: the next sequence number and the comparison with the last list are read in
  /// it; two writers drawing the same number collide on the primary key, and the loser tries once
  /// more against the winner's list.
  public func recordSongLoops(
    _ loops: [SavedLoop], of song: String, from session: UUID?, at date: Date
  ) throws {
    let text = try SongLoopsText.encode(loops)
    let query: PostgresQuery = """
      WITH last AS (
        SELECT seq, loops FROM song_loop_events WHERE song_sha256 = \(song)
        ORDER BY seq DESC LIMIT 1
      )
      INSERT INTO song_loop_events (song_sha256, seq, recorded_ms, session_id, loops)
      SELECT \(song), coalesce((SELECT seq FROM last), 0) + 1, \(UnixMilliseconds(date).value),
        \(session), \(text)
      WHERE (SELECT loops FROM last) IS DISTINCT FROM \(text)
      """
    let operation = "record the saved loops of song \(song.prefix(12))"
    do {
      try connection.query(query, operation)
    } catch let error as PostgresError where error.isUniqueViolation {
      try connection.query(query, operation)
    }
  }
}
