-- The events' reference to their session, checked once per statement instead of once per row.
-- Shipped migrations are never edited: add a new file instead.
--
-- The foreign key of 0001 ran PostgreSQL's row trigger for every event inserted: a query that
-- finds and locks the session row, 200,000 times for a 200,000-event import (a COPY of 200,000
-- events took 2.0 s of the server's CPU with it, 1.1 s without; docs/benchmarks/store.md).
-- These triggers keep what it guaranteed at the cost of one pass over a statement's new rows:
-- - an event is stored only for a session that exists: after each statement that inserts
--   events, the sessions they name are locked as the foreign key locked them (FOR KEY SHARE, so
--   a concurrent delete waits for the inserting transaction, and an insert after a concurrent
--   delete finds the session gone), and a session missing fails the statement (23503, as the
--   foreign key did),
-- - deleting a session deletes its events (the foreign key's ON DELETE CASCADE),
-- - a session's id never changes while it has events (the foreign key's NO ACTION on update).
-- Checkpoints keep their foreign key: one row per thousand events costs nothing measurable.
-- Function bodies are dollar-quoted: the migration runner keeps a body in one statement. Each
-- function keeps the search path it was created with, so it reads this schema's tables whoever
-- calls it.

ALTER TABLE events DROP CONSTRAINT events_session_id_fkey;

CREATE FUNCTION events_check_sessions() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  IF (SELECT count(*) FROM (SELECT DISTINCT session_id FROM added_events) AS named)
    <> (SELECT count(*) FROM (
      SELECT 1 FROM sessions WHERE id IN (SELECT session_id FROM added_events) FOR KEY SHARE
    ) AS found)
  THEN
    RAISE foreign_key_violation USING MESSAGE = 'an event names a session that does not exist';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_of_existing_sessions AFTER INSERT ON events
  REFERENCING NEW TABLE AS added_events
  FOR EACH STATEMENT EXECUTE FUNCTION events_check_sessions();

CREATE FUNCTION sessions_delete_events() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM events WHERE session_id IN (SELECT id FROM deleted_sessions);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_delete_their_events AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS deleted_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_delete_events();

CREATE FUNCTION sessions_keep_ids() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM events WHERE session_id = OLD.id) THEN
    RAISE foreign_key_violation USING MESSAGE = 'a session with events keeps its id';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER sessions_with_events_keep_ids BEFORE UPDATE OF id ON sessions
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION sessions_keep_ids();
