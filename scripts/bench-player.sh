#!/usr/bin/env bash
# The live player's latency and memory, on a private PulseAudio null sink (scripts/lib):
# - key press → audio (scripts/bench-player-keys.py): Space and 40 speed keys at uneven
#   intervals, sent through tmux; `sharp9 play --latency-log` notes, on the monotonic clock, when
#   each key's bytes were read, its frame claimed, its command queued (before the log's commit),
#   the callback that rendered its frame began, and that frame's DAC time; also every run-loop
#   turn and device callback. Bound: read → callback 15 ms, read → DAC 15 ms + the stream
#   latency PortAudio reports (printed from the same run). Run quiet, quiet on a duplex stream
#   (`--input pulse`, what recording needs: PulseAudio then asks for several callbacks back to
#   back, and the count of late commands shows whether a press was overtaken by such a burst),
#   then with two busy loops;
#   the threads' scheduling classes (real-time or not) are printed for the player and the
#   PulseAudio server.
# - memory: peak RSS of `sharp9 play` on a 1-hour 44.1 kHz stereo track (decoded ahead into
#   memory), next to paplay streaming the same file to the same sink, and their ratio.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${BENCH_PLAYER_BIN:-$(bash scripts/build-release.sh)} || exit 1
work=$(mktemp -d)
# A tmux server of this run's own: two runs at once must not share one.
tmux_socket=sharp9bench-$$
pids=()
cleanup() {
  tmux -L $tmux_socket kill-server 2>/dev/null
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
source scripts/lib/private-pulse.sh
start_private_pulse "$work" || { echo "PulseAudio did not start" >&2; exit 1; }

python3 scripts/player-audio.py track "$work/track.wav" 60
source scripts/lib/player-latency.sh
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
player_latency_run "quiet (this script at normal priority; whatever else runs, runs)"
player_args="--input pulse" player_latency_run "quiet, duplex (--input pulse)"
# Loaded: two busy loops at normal priority, one per core on a 2-core machine.
for _ in 1 2; do nice -n 0 bash -c 'while :; do :; done' & pids+=($!); done
sleep 1
player_latency_run "loaded (two busy loops at nice 0 added)"
for pid in "${pids[@]:1}"; do kill "$pid" 2>/dev/null; done
pids=("${pids[0]}")
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

# Memory: one hour of audio (a 1 s chunk repeated, 635 MB of 16-bit WAV).
python3 - "$work/hour.wav" <<'PY'
import array, math, sys, wave
second = array.array("h", (int(12000 * math.sin(2 * math.pi * 220 * n / 44100)) for n in range(44100) for _ in range(2))).tobytes()
with wave.open(sys.argv[1], "wb") as out:
    out.setnchannels(2); out.setsampwidth(2); out.setframerate(44100)
    for _ in range(3600): out.writeframes(second)
PY
peak_kib() { awk '/VmHWM/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
tmux -L $tmux_socket new-session -d -s hour -x 100 -y 30 \
  "'$bin' play '$work/hour.wav' --db '$work/db.sqlite' --device pulse >/dev/null 2>&1; sleep 30"
player=""
for _ in $(seq 600); do
  player=$(pgrep -f -- "sharp9 play $work/hour.wav" | head -1)
  [[ -n $player ]] && tmux -L $tmux_socket capture-pane -p -t hour | grep -q "paused" && break
  sleep 0.2
done
tmux -L $tmux_socket send-keys -t hour Space
sleep 3
sharp9_kib=$(peak_kib "$player")
tmux -L $tmux_socket send-keys -t hour q
paplay -d sharp9test "$work/hour.wav" &
peer=$!
sleep 3
peer_kib=$(peak_kib "$peer")
kill "$peer" 2>/dev/null
echo "1-hour track: sharp9 play peak RSS $((sharp9_kib / 1024)) MiB, paplay (streams) $((peer_kib / 1024)) MiB, ratio $(awk -v a="$sharp9_kib" -v b="$peer_kib" 'BEGIN { printf "%.0f", a / b }')x"
