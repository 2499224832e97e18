-- The practice app's MIDI bindings: a pedal's or controller's message (a note on, a control
-- change pressed past its middle, a program change; on a channel 1-16, number 0-127) bound to a
-- key of the player's bindings, so pressing it sends exactly what the key sends. A setting of
-- the musician's, not part of any session: one binding per message, learning it again replaces
-- it. Shipped migrations are never edited: add a new file instead.
CREATE TABLE midi_bindings (
  kind TEXT NOT NULL CHECK (kind IN ('note', 'controlChange', 'programChange')),
  channel INTEGER NOT NULL CHECK (channel BETWEEN 1 AND 16),
  number INTEGER NOT NULL CHECK (number BETWEEN 0 AND 127),
  key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 16),
  bound_ms INTEGER NOT NULL,
  PRIMARY KEY (kind, channel, number)
) STRICT;
