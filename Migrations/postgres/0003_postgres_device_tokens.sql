-- Devices that sync with a server (`sharp9 tokens`, `sharp9 push`), as SQLite's 0007. Shipped
-- migrations are never edited: add a new file instead.
--
-- device_tokens: one row per token a server admin issued; only the SHA-256 of the token is kept
-- (a stolen database gives no token). reader: the token reads every session and writes none, and
-- otherwise it is a device's token, which writes and reads only the sessions of its device.
-- Revoking a token deletes its row.
CREATE TABLE device_tokens (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  token_sha256 bytea NOT NULL UNIQUE CHECK (length(token_sha256) = 32),
  reader boolean NOT NULL,
  created_ms bigint NOT NULL
);

-- The device a session was uploaded from (the token's name); NULL for a session recorded or
-- imported here.
ALTER TABLE sessions ADD COLUMN device text;
