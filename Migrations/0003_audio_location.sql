-- Where the session's source audio was found when the session was created: an absolute path.
-- audio_path keeps the path as the script or the user gave it (export writes it back unchanged),
-- but a relative one was resolved against the script's directory, which later commands (render,
-- timeline) run from elsewhere cannot know. NULL when the file was not found, and for sessions
-- created before this migration.
ALTER TABLE sessions ADD COLUMN audio_located_path TEXT;
