-- Events packed in chunks: one row holds up to 256 consecutive events of a session, so SQLite
-- handles one row per chunk instead of one per event (import and replay are bound by per-row cost
-- otherwise). Shipped migrations are never edited: add a new file instead.
--
-- events is the blob laid out by EventChunk (Sources/Sharp9Store/Chunks/EventChunk.swift): a
-- format byte (1), then per event its t (8-byte little-endian Double bits), the length of its
-- action bytes (LEB128) and the ActionCodec bytes. Event first_seq + i is entry i; count is the
-- number of entries. Chunks of a session tile 1...event_count without gaps or overlaps; the last
-- one (the tail) is rewritten in place by each live append until it is full.
--
-- SQL cannot build these blobs, so the migration runner's Swift data step for this migration
-- (MigrationDataStep) then packs the rows of the old events table into event_chunks and drops
-- it, in this migration's transaction.

CREATE TABLE event_chunks (
  session_pk INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
  first_seq INTEGER NOT NULL CHECK (first_seq >= 1),
  count INTEGER NOT NULL CHECK (count >= 1),
  events BLOB NOT NULL,
  PRIMARY KEY (session_pk, first_seq)
) STRICT;
