-- Devices that sync with a server (`sharp9 tokens`, `sharp9 push`). Shipped migrations are never
-- edited: add a new file instead.
--
-- device_tokens: one row per token a server admin issued; only the SHA-256 of the token is kept
-- (a stolen database gives no token). reader = 1: the token reads every session and writes none, and
-- reader = 0: a device's token, which writes and reads only the sessions of its device. Revoking
-- a token deletes its row.
CREATE TABLE device_tokens (
  name TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  token_sha256 BLOB NOT NULL UNIQUE CHECK (length(token_sha256) = 32),
  reader INTEGER NOT NULL CHECK (reader IN (0, 1)),
  created_ms INTEGER NOT NULL
) STRICT;

-- The device a session was uploaded from (the token's name); NULL for a session recorded or
-- imported here.
ALTER TABLE sessions ADD COLUMN device TEXT;
