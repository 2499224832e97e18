-- Each session's practice summary, what `sharp9 journal` folds into days (JSON
-- {"spans":[{"startSec","endSec","speed"}],"passEndsSec":[...]}), so a journal of
-- a year of sessions reads one row per session instead of replaying every event. A cache: a row
-- holds while its session still has `event_count` events, ended at `ended_ms` and the reducer is
-- `reducer_version`; otherwise it is computed again and replaced. Shipped migrations are never edited: add a new
-- file instead.
CREATE TABLE session_practice (
  session_pk INTEGER PRIMARY KEY REFERENCES sessions (pk) ON DELETE CASCADE,
  event_count INTEGER NOT NULL,
  ended_ms INTEGER,
  reducer_version TEXT NOT NULL,
  summary TEXT NOT NULL
) STRICT;
