#!/usr/bin/env bash
# Usage: scripts/bench-take-alignment.sh [RUNS] [BUFFER_MS]
# Issue 24: how far a take recorded in a stream's first seconds lands from the song it was
# played against. A private PulseAudio server whose null sink's monitor is the input (so the
# input is exactly what was played, and the truth is the tee); each run is a fresh `sharp9 play
# --input pulse` (a fresh stream, no calibration: the takes are placed by the stream's own
# report), R and Space at once, 15 s of the song, Space, q. The take alone (`render
# --takes-only`) is compared with the tee every 0.5 s: the offset (frames) at which its 8,192
# frames match the tee best, and whether they match to 24 bits there. Prints, per run, what the
# take said (its dropouts) and the offsets seen; then how many takes were more than 1 ms (44
# frames) off and said nothing. BUFFER_MS is `play --buffer` (0: the device's lowest).
# numpy comes from scripts/setup.sh --bench; the binary from SHARP9_BIN or the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
buffer=${2:-0}
bash scripts/setup.sh --bench >&2
bin=${SHARP9_BIN:-$(bash scripts/build-release.sh)}

work=$(mktemp -d "${TMPDIR:-/tmp}/sharp9-bench-align.XXXXXX")
tmux_socket=sharp9align-$$
pids=()
cleanup() {
  tmux -L $tmux_socket kill-server 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
source scripts/lib/private-pulse.sh
source scripts/lib/tmux-player.sh
start_private_pulse "$work" norewinds=1
python3 scripts/player-audio.py track "$work/track.wav" 60

echo "# takes at a stream's start, $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, load" \
  "average $(cut -d' ' -f1-3 /proc/loadavg), buffer ${buffer} ms, $runs runs, $("$bin" --version)"
silent_off=0
for run in $(seq "$runs"); do
  dir="$work/run$run"
  mkdir -p "$dir"
  start_player "run$run" "$dir" "$work/track.wav" --db "$dir/db.sqlite" --tee "$dir/tee.wav" \
    --device pulse --input pulse --buffer "$buffer"
  shows "input pulse" 15 || true
  key R 0.3
  key Space 15
  key Space 0
  # The take is reported once the stream's report has settled (up to 24 s after it started).
  shows "Take 1 kept" 30 || true
  said=$(tmux -L $tmux_socket capture-pane -p -t "$pane" | grep -o "Take 1 kept[^ ]*.*" |
    head -1 | sed 's/ *$//')
  session=$(quit_player "$dir")
  if [[ -z $session || -z $said ]]; then
    echo "run $run: no take (${said:-nothing said}); $(tail -1 "$dir/err.txt" 2>/dev/null)"
    continue
  fi
  "$bin" render "$session" --db "$dir/db.sqlite" --takes-only --sample float \
    -o "$dir/takes.wav" >/dev/null
  line=$(python3 scripts/bench-take-alignment.py "$dir/tee.wav" "$dir/takes.wav")
  echo "run $run: $said; $line"
  if [[ $said == "Take 1 kept" && $line == *"over 1 ms"* ]]; then
    silent_off=$((silent_off + 1))
  fi
done
echo "takes more than 1 ms off that said nothing: $silent_off of $runs"
