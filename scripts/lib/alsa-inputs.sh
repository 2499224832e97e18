# Sourced by scripts/test-record.sh and scripts/test-app-audio.sh: a system with no input, and
# one whose default input will not open, on the private PulseAudio server (which always has a
# source: the sink's monitor). ALSA configurations for ALSA_CONFIG_PATH (ALSA then reads nothing
# else): in DIR/no-input.conf `default` and `pulse` play through the server and record nothing;
# in DIR/refused-input.conf `default` records from a source the server does not have (PortAudio
# lists it as an input, and opening a stream with it fails).
write_alsa_input_configs() { # write_alsa_input_configs DIR
  cat >"$1/no-input.conf" <<'ALSA'
pcm.!default { type asym; playback.pcm { type pulse } }
pcm.pulse { type asym; playback.pcm { type pulse } }
ctl.!default { type pulse }
ALSA
  cat >"$1/refused-input.conf" <<'ALSA'
pcm.!default {
  type asym
  playback.pcm { type pulse }
  capture.pcm { type pulse device "no_such_source" }
}
pcm.pulse { type asym; playback.pcm { type pulse } }
ctl.!default { type pulse }
ALSA
}
