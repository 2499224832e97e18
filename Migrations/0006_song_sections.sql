-- A song's sections (named markers: "Verse", "Solo") join its saved loops in the song's stream:
-- each event of `song_loop_events` now holds the song's loops and its sections after a change,
-- the sections as JSON [{"name","timeSec"}]. Events written before this migration have none
-- (NULL). Shipped migrations are never edited: add a new file instead.
ALTER TABLE song_loop_events ADD COLUMN sections TEXT;
