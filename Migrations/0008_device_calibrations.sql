-- The round trip (output -> input) of a device pair, measured by `sharp9 devices --calibrate`
-- with a loopback test signal, per sample rate, block size and buffer asked for (the latency
-- depends on all three).
-- Recording subtracts it so a take lines up with the song it was played against. A new
-- measurement of the same pair replaces the old one. Shipped migrations are never edited: add a
-- new file instead.
CREATE TABLE device_calibrations (
  output_device TEXT NOT NULL,
  input_device TEXT NOT NULL,
  sample_rate INTEGER NOT NULL CHECK (sample_rate > 0),
  frames_per_callback INTEGER NOT NULL CHECK (frames_per_callback > 0),
  -- The least buffer asked of the device (`--buffer`), in milliseconds; 0: its lowest.
  buffer_ms INTEGER NOT NULL CHECK (buffer_ms >= 0),
  latency_frames INTEGER NOT NULL CHECK (latency_frames >= 0),
  -- The largest difference between the repeated measurements, in frames.
  spread_frames INTEGER NOT NULL CHECK (spread_frames >= 0),
  measured_ms INTEGER NOT NULL,
  PRIMARY KEY (output_device, input_device, sample_rate, frames_per_callback, buffer_ms)
) WITHOUT ROWID;
