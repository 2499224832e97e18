-- The saved loops of a song, a stream of their own: a song is its audio's SHA-256 (as the
-- sessions record it), and each event is the song's list of saved loops after a change made in
-- some session (or by an import), as JSON [{"name","aSec","bSec"}]. The loops belong to the song,
-- outlive the sessions that made them, and keep their history; the current list is the last
-- event's. Shipped migrations are never edited: add a new file instead.
CREATE TABLE song_loop_events (
  song_sha256 TEXT NOT NULL CHECK (length(song_sha256) = 64),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  recorded_ms INTEGER NOT NULL,
  session_id TEXT,
  loops TEXT NOT NULL,
  PRIMARY KEY (song_sha256, seq)
) STRICT, WITHOUT ROWID;
