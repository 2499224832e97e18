-- sharp9 event log, first schema. Shipped migrations are never edited: add a new file instead.
-- Times: *_ms columns are Unix milliseconds (integers, so a session's start survives every
-- round trip exactly); events.t is seconds since the session started (REAL, stored exactly).

CREATE TABLE sessions (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE CHECK (length(id) = 36),
  title TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  started_ms INTEGER NOT NULL,
  ended_ms INTEGER,
  audio_path TEXT,
  audio_sha256 TEXT,
  audio_frames INTEGER,
  audio_sample_rate INTEGER,
  audio_channels INTEGER,
  sharp9_version TEXT NOT NULL,
  reducer_version TEXT NOT NULL,
  -- The head: number of events (= seq of the last one) and its t. Appends compare-and-set it.
  event_count INTEGER NOT NULL DEFAULT 0 CHECK (event_count >= 0),
  last_t REAL NOT NULL DEFAULT 0
) STRICT;

-- One row per action. seq is gapless from 1 per session; action is the compact binary encoding
-- of ActionCodec (a tag byte, then the case's fields), decoded without JSON on replay.
CREATE TABLE events (
  session_pk INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  t REAL NOT NULL CHECK (t >= 0),
  action BLOB NOT NULL,
  PRIMARY KEY (session_pk, seq)
) STRICT, WITHOUT ROWID;

-- State after event seq, written while the session is recorded or imported: a snapshot to start
-- replays from (state: lossless JSON), and a checkpoint (state_sha256: SHA-256 of the canonical
-- interchange JSON) that verify compares later replays with.
CREATE TABLE checkpoints (
  session_pk INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  reducer_version TEXT NOT NULL,
  state BLOB NOT NULL,
  state_sha256 BLOB NOT NULL CHECK (length(state_sha256) = 32),
  PRIMARY KEY (session_pk, seq)
) STRICT, WITHOUT ROWID;
