import Foundation
import Sharp9Domain

/// A song's saved loops, kept in a stream of their own (`song_loop_events`): each event is the
/// song's whole list after a change, so the list belongs to the song and outlives the sessions
/// that made it. A song is its audio's SHA-256, as sessions record it.
extension EventStore {
  /// The song's current saved loops (the last event's list; empty for a song with none).
  ///
  /// - Throws: ``StoreError/corruptEvent(session:seq:reason:)`` (naming the song) when the stored
  ///   list is not one.
  public func songLoops(of song: String) throws -> [SavedLoop] {
    let select = try database.cached(
      "SELECT seq, loops FROM song_loop_events WHERE song_sha256 = ? ORDER BY seq DESC LIMIT 1")
    try select.bind(song, at: 1)
    guard try select.step() else { return [] }
    return try SongLoopsText.decode(select.text(1) ?? "", song: song, seq: select.int64(0))
  }

  /// Appends the song's new list of saved loops, changed in `session` (nil: an import) at
  /// `date`; durable before it returns. An unchanged list appends nothing.
  public func recordSongLoops(
    _ loops: [SavedLoop], of song: String, from session: UUID?, at date: Date
  ) throws {
    let text = try SongLoopsText.encode(loops)
    try database.transaction {
      let last = try database.cached(
        "SELECT seq, loops FROM song_loop_events WHERE song_sha256 = ? ORDER BY seq DESC LIMIT 1")
      try last.bind(song, at: 1)
      var seq: Int64 = 1
      if try last.step() {
        if last.text(1) == text { return }
        seq = last.int64(0) + 1
      }
      let insert = try database.cached(
        """
        INSERT INTO song_loop_events (song_sha256, seq, recorded_ms, session_id, loops)
        VALUES (?, ?, ?, ?, ?)
        """)
      try insert.bind(song, at: 1)
      try insert.bind(seq, at: 2)
      try insert.bind(UnixMilliseconds(date).value, at: 3)
      try insert.bind(session.map { $0.uuidString.lowercased() }, at: 4)
      try insert.bind(text, at: 5)
      try insert.run()
    }
  }
}
