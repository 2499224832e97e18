# Sourced by the player's and the app's tests and benchmarks: a private PulseAudio server (its own runtime
# directory, nothing of the machine's) with one null sink, float32le stereo at 44.1 kHz, named
# sharp9test; its monitor is what the "device" received. Sets XDG_RUNTIME_DIR for the clients
# (parec, and PortAudio's ALSA "pulse" device) and adds the server's pid to the array `pids`.
# SINK_ARGS are more of the null sink's arguments: `norewinds=1` makes its monitor exactly what
# the sink played (with rewinds, the server re-renders frames the monitor already passed on, so
# the monitor repeats a few frames now and then and drifts against what clients sent).
start_private_pulse() {  # start_private_pulse WORKDIR [SINK_ARGS]
  export XDG_RUNTIME_DIR="$1/runtime"
  mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
  pulseaudio --daemonize=no -n --exit-idle-time=-1 --disallow-exit \
    --log-target=file:"$1/pulseaudio.log" --load=module-native-protocol-unix \
    --load="module-null-sink sink_name=sharp9test format=float32le rate=44100 channels=2 ${2:-}" \
    >/dev/null 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do pactl info >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}

capture_monitor() {  # capture_monitor OUT.f32: parec of the sink's monitor (raw float32le stereo)
  parec --raw -d sharp9test.monitor --format=float32le --rate=44100 --channels=2 \
    >"$1" 2>/dev/null &
  pids+=($!)
  sleep 0.5
}
