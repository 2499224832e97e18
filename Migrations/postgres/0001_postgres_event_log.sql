-- sharp9 event log on PostgreSQL, first schema. Shipped migrations are never edited: add a new
-- file instead. Statements end with ';' at the end of a line (the runner sends them one by one),
-- and file names start NNNN_postgres_ (SwiftPM names embedded files by their name alone, so a
-- PostgreSQL file must not share one with a SQLite migration).
-- Times: *_ms columns are Unix milliseconds; events.t is seconds since the session started
-- (double precision, stored exactly).

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  created_ms bigint NOT NULL,
  started_ms bigint NOT NULL,
  ended_ms bigint,
  audio_path text,
  audio_sha256 text,
  audio_frames bigint,
  audio_sample_rate bigint,
  audio_channels bigint,
  audio_located_path text,
  sharp9_version text NOT NULL,
  reducer_version text NOT NULL,
  -- The head: number of events (= seq of the last one) and its t. An append compare-and-sets it
  -- in the same statement that inserts the events, so the row lock orders concurrent writers.
  event_count bigint NOT NULL DEFAULT 0 CHECK (event_count >= 0),
  last_t double precision NOT NULL DEFAULT 0 CHECK (last_t >= 0)
);

CREATE INDEX sessions_by_start ON sessions (started_ms, created_ms, id);

-- One row per event. seq is gapless from 1 per session; action is ActionCodec's binary encoding
-- (the bytes SQLite packs into its chunks). event_id is the writer's id for the event: a retried
-- append is recognized by it (idempotence). position is drawn only for inserted rows (an append
-- that loses the compare-and-set inserts none, so it draws none); transaction_id is the writer's
-- transaction, and followers read in (transaction_id, position) order below the oldest running
-- transaction (pg_snapshot_xmin), so an event committed late is never skipped.
CREATE TABLE events (
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  seq bigint NOT NULL CHECK (seq >= 1),
  event_id uuid NOT NULL UNIQUE,
  t double precision NOT NULL CHECK (t >= 0),
  action bytea NOT NULL,
  position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (session_id, seq)
);

CREATE INDEX events_in_commit_order ON events (transaction_id, position);

-- State after event seq, as in SQLite: a snapshot to start replays from (BinaryStateSnapshot) and
-- the SHA-256 of the canonical interchange JSON that verify compares later replays with.
CREATE TABLE checkpoints (
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  seq bigint NOT NULL CHECK (seq >= 1),
  reducer_version text NOT NULL,
  state bytea NOT NULL,
  state_sha256 bytea NOT NULL CHECK (length(state_sha256) = 32),
  PRIMARY KEY (session_id, seq)
);

-- The saved loops of a song, a stream of their own (as SQLite's 0004): each event is the song's
-- list of saved loops after a change, as JSON [{"name","aSec","bSec"}].
CREATE TABLE song_loop_events (
  song_sha256 text NOT NULL CHECK (length(song_sha256) = 64),
  seq bigint NOT NULL CHECK (seq >= 1),
  recorded_ms bigint NOT NULL,
  session_id uuid,
  loops text NOT NULL,
  PRIMARY KEY (song_sha256, seq)
);
