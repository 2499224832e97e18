-- The round trip the device's own timestamps reported while a calibration was measured (the
-- median over its callbacks: when a block reaches the DAC less when its input left the ADC), in
-- frames. A sound server such as PulseAudio sets up its buffers anew each time a stream opens,
-- so one session's round trip can differ from the calibration's by tens of milliseconds; the
-- timestamps move with it, the converters' and cables' part does not. A take is moved back by
-- the measured round trip plus the difference between its session's reported round trip and
-- this one. NULL: the device reported none (or the pair was calibrated before this column), and
-- the measured round trip is used as it is.
ALTER TABLE device_calibrations ADD COLUMN reported_frames INTEGER;
