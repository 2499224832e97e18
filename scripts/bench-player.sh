#!/usr/bin/env bash
# The live player's latency and memory, on a private PulseAudio null sink (scripts/lib):
# - key press → audio: `sharp9 play --latency-log` notes the device clock when a key's bytes
#   arrive, then when the callback that rendered the frame its action took effect at ran (the
#   player's and engine's part, bound 15 ms) and that frame's DAC time as PortAudio gives it
#   (adding the device's buffering); 40 speed keys at uneven intervals while playing. Printed
#   with the stream latency PortAudio reports.
# - memory: peak RSS of `sharp9 play` on a 1-hour 44.1 kHz stereo track (decoded ahead into
#   memory), next to paplay streaming the same file to the same sink, and their ratio.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(bash scripts/build-release.sh) || exit 1
work=$(mktemp -d)
pids=()
cleanup() {
  tmux -L sharp9bench kill-server 2>/dev/null
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
source scripts/lib/private-pulse.sh
start_private_pulse "$work" || { echo "PulseAudio did not start" >&2; exit 1; }

python3 scripts/player-audio.py track "$work/track.wav" 60
tmux -L sharp9bench new-session -d -s bench -x 100 -y 30 \
  "'$bin' play '$work/track.wav' --db '$work/db.sqlite' --device pulse \
   --latency-log '$work/latency.txt' >/dev/null 2>&1; sleep 30"
sleep 2
tmux -L sharp9bench send-keys -t bench Space
sleep 1
for i in $(seq 40); do
  tmux -L sharp9bench send-keys -t bench "$([[ $((i % 2)) -eq 0 ]] && echo = || echo -)"
  sleep "0.$((RANDOM % 3 + 1))$((RANDOM % 10))"
done
device_ms=$(tmux -L sharp9bench capture-pane -p -t bench | sed -n 's/.*device pulse (\([0-9.]*\) ms).*/\1/p')
tmux -L sharp9bench send-keys -t bench q
for _ in $(seq 50); do [[ -s $work/latency.txt ]] && break; sleep 0.1; done
tmux -L sharp9bench kill-session -t bench
python3 - "$work/latency.txt" "$device_ms" <<'PY'
import statistics, sys
rows = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
render = sorted(r for r, _ in rows)
dac = sorted(d for _, d in rows)
device = float(sys.argv[2] or "nan")
def line(values):
    p90 = values[int(0.9 * (len(values) - 1))]
    return f"median {statistics.median(values):.1f} ms, p90 {p90:.1f} ms, max {values[-1]:.1f} ms"
print(f"{len(rows)} keys. key -> callback rendering its frame: {line(render)} (bound 15 ms)")
print(f"key -> DAC (PortAudio's outputBufferDacTime): {line(dac)}; stream latency PortAudio "
      f"reports {device:.1f} ms (bound 15 ms + that = {15 + device:.1f} ms)")
PY

# Memory: one hour of audio (a 1 s chunk repeated, 635 MB of 16-bit WAV).
python3 - "$work/hour.wav" <<'PY'
import array, math, sys, wave
second = array.array("h", (int(12000 * math.sin(2 * math.pi * 220 * n / 44100)) for n in range(44100) for _ in range(2))).tobytes()
with wave.open(sys.argv[1], "wb") as out:
    out.setnchannels(2); out.setsampwidth(2); out.setframerate(44100)
    for _ in range(3600): out.writeframes(second)
PY
peak_kib() { awk '/VmHWM/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
tmux -L sharp9bench new-session -d -s hour -x 100 -y 30 \
  "'$bin' play '$work/hour.wav' --db '$work/db.sqlite' --device pulse >/dev/null 2>&1; sleep 30"
player=""
for _ in $(seq 600); do
  player=$(pgrep -f -- "sharp9 play $work/hour.wav" | head -1)
  [[ -n $player ]] && tmux -L sharp9bench capture-pane -p -t hour | grep -q "paused" && break
  sleep 0.2
done
tmux -L sharp9bench send-keys -t hour Space
sleep 3
sharp9_kib=$(peak_kib "$player")
tmux -L sharp9bench send-keys -t hour q
paplay -d sharp9test "$work/hour.wav" &
peer=$!
sleep 3
peer_kib=$(peak_kib "$peer")
kill "$peer" 2>/dev/null
echo "1-hour track: sharp9 play peak RSS $((sharp9_kib / 1024)) MiB, paplay (streams) $((peer_kib / 1024)) MiB, ratio $(awk -v a="$sharp9_kib" -v b="$peer_kib" 'BEGIN { printf "%.0f", a / b }')x"
