#!/usr/bin/env bash
# The practice page's numbers (`sharp9 app`), each beside its peer in the same run, on a private
# PulseAudio null sink (scripts/lib/private-pulse.sh) and Debian's headless Chromium
# (scripts/app-browser.py):
# - input → DAC: Space, 40 speed keys and 40 clicks on SPEED −/+ at uneven intervals, from the
#   browser's event timestamp (performance.timeOrigin + event.timeStamp: the wall clock) to the
#   DAC time of the frame the action took effect at (`sharp9 app --latency-log`, the probe
#   `sharp9 play --latency-log` fills, on CLOCK_MONOTONIC; scripts/bench-app-figures.py moves the
#   page's times onto that clock). Bound: p99 ≤ 15 ms + the stream latency PortAudio reports.
#   Peer: the terminal player's key → DAC through tmux (scripts/lib/player-latency.sh, as
#   scripts/bench-player.sh measures it), alternating with the page's, RUNS times each;
# - opening a 10-minute song through the file chooser until the waveform is drawn with its peaks
#   (≤ 1 s), a fresh app and database each time; peer: the same requests over HTTP without a
#   browser (upload, peaks, the first state); then the same song opened again from the library
#   in a new app on that database (the song click to the offer, Continue to the peaks drawn);
# - waveform frames/s while playing (≥ 50): frames drawn, and frames showing a new span; peer:
#   the browser's own requestAnimationFrame rate in the same span;
# - zooming a 1-hour song out to the whole hour and back (120 wheel events, as fast as Playwright
#   sends them): frame times; peer: the browser's frames in the same span;
# - opening a 1-hour song (635 MB of 16-bit WAV), a fresh database each time: `sharp9 app HOUR`
#   until it prints its URL (the song decoded, kept in the library, its session started on the
#   device, its peaks ready), and the same hour imported through the page's upload over HTTP
#   (the peer's requests of the `open` part); each process's peak resident memory
#   (/usr/bin/time -v) 5 s after it opened (the beat grid analysed meanwhile). Peer: the
#   terminal player, `sharp9 play HOUR`, until its screen shows the song, in tmux.
# Usage: scripts/bench-app.sh [RUNS [PARTS]]: RUNS (default 3) of each, PARTS a comma-separated
# choice of latency, open, playing, zoom, hour (default all). The release build, as the player's, unless
# BENCH_APP_BIN names another sharp9 (a quick look with a debug build; say so beside its figures).
set -uo pipefail
cd "$(dirname "$0")/.."
command -v sox >/dev/null || { echo "bench-app: needs sox (scripts/setup.sh --bench installs it)" >&2; exit 1; }
runs=${1:-3}
parts=",${2:-latency,open,playing,zoom,hour},"
part() { [[ $parts == *",$1,"* ]]; }
bin=${BENCH_APP_BIN:-$(bash scripts/build-release.sh)} || exit 1
source scripts/lib/browser-venv.sh || exit 1
# serve-helpers: $work, free_port, printed_url; its cleanup is replaced by one that also stops
# the sound server and the player's tmux.
source scripts/serve-helpers.sh
# A tmux server of this run's own: two runs at once must not share one.
tmux_socket=sharp9bench-$$
pids=()
cleanup() {
  tmux -L $tmux_socket kill-server 2>/dev/null
  [[ -n $app ]] && kill "$app" 2>/dev/null && wait "$app" 2>/dev/null
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$work"
}
source scripts/lib/private-pulse.sh
source scripts/lib/player-latency.sh
start_private_pulse "$work" || { echo "PulseAudio did not start" >&2; exit 1; }
py="$venv/bin/python"
load() { cut -d' ' -f1-3 /proc/loadavg; }

start_bench_app() {  # start_bench_app DB [ARGS...]: sharp9 app on the null sink; sets $app, $app_url
  local db=$1
  shift
  rm -f "$work/app.log"  # not the last app's line
  "$bin" app "$@" --db "$db" --device pulse --port "$(free_port)" >"$work/app.log" 2>&1 &
  app=$!
  # A song given to it is opened before the URL is printed: an hour takes a minute or more.
  for _ in $(seq 1500); do grep -qs "^sharp9 app at " "$work/app.log" && break; sleep 0.2; done
  app_url=$(printed_url "$work/app.log" "sharp9 app")
  [[ -n $app_url ]] || { cat "$work/app.log" >&2; echo "sharp9 app did not start" >&2; exit 1; }
}
song() {  # song OUT.wav MINUTES: a minute of two tones with a tremolo from sox, repeated
  sox -n -r 44100 -c 2 -b 16 "$work/minute.wav" synth 60 sine 220 sine 330 tremolo 2 60
  python3 - "$work/minute.wav" "$1" "$2" <<'PY'
import sys, wave
with wave.open(sys.argv[1]) as minute:
    params, frames = minute.getparams(), minute.readframes(minute.getnframes())
with wave.open(sys.argv[2], "wb") as out:
    out.setparams(params)
    for _ in range(int(sys.argv[3])):
        out.writeframes(frames)
PY
}
stop_bench_app() {
  kill -TERM "$app" 2>/dev/null
  wait "$app" 2>/dev/null
  app=""
}

python3 scripts/player-audio.py track "$work/track.wav" 60
echo "sharp9 bench-app: $(date -u '+%Y-%m-%d %H:%M UTC'), $("$bin" --version), $runs runs"

latency_results="$work/latency.jsonl"
pages="$work/pages.jsonl"
touch "$latency_results" "$pages"
if part latency; then
echo "== input → DAC (load before: $(load))"
for run in $(seq "$runs"); do
  player_latency_run "terminal player, run $run (load $(load))"
  start_bench_app "$work/latency-$run.sqlite" "$work/track.wav" --latency-log "$work/app-latency.txt"
  "$py" scripts/app-browser.py latency "$app_url" "$work/sent.json" >/dev/null
  stop_bench_app
  python3 scripts/bench-app-figures.py summary "$work/app-latency.txt" "$work/sent.json" \
    "page, run $run (load $(load))" "$latency_results"
  rm -f "$work/app-latency.txt"
done
fi

if part open || part playing; then song "$work/ten.wav" 10; fi
if part open; then
echo "== opening a 10-minute song (load before: $(load))"
for run in $(seq 5); do
  mkdir -p "$work/open-$run"
  start_bench_app "$work/open-$run/sharp9.sqlite"
  page=$("$py" scripts/app-browser.py open "$app_url" "$work/ten.wav")
  stop_bench_app
  mkdir -p "$work/reads-$run"
  start_bench_app "$work/reads-$run/sharp9.sqlite"
  peer=$("$py" scripts/app-browser.py reads "$app_url" "$work/ten.wav")
  stop_bench_app
  echo "  run $run (load $(load)): page $page; peer (HTTP, no browser) $peer"
  echo "{\"kind\": \"open\", \"page\": $page, \"peer\": $peer, \"load\": \"$(load)\"}" >>"$pages"
done
echo "== opening the 10-minute song again from the library (load before: $(load))"
for run in $(seq 5); do
  # The database the first opening of run N imported it into: the song practised before.
  start_bench_app "$work/open-$run/sharp9.sqlite"
  page=$("$py" scripts/app-browser.py library "$app_url")
  stop_bench_app
  echo "  run $run (load $(load)): page $page"
  echo "{\"kind\": \"library\", \"page\": $page, \"load\": \"$(load)\"}" >>"$pages"
done
fi

if part playing; then
echo "== waveform frames while playing the 10-minute song, 5 s a page (load before: $(load))"
start_bench_app "$work/play.sqlite" "$work/ten.wav"
for run in $(seq "$runs"); do
  result=$("$py" scripts/app-browser.py playing "$app_url" 5)
  echo "  page $run: $result (load $(load))"
  echo "{\"kind\": \"playing\", \"result\": $result, \"load\": \"$(load)\"}" >>"$pages"
done
stop_bench_app
fi

if part zoom; then
echo "== zooming a 1-hour song (load before: $(load))"
song "$work/hour.wav" 60
began=$EPOCHREALTIME
start_bench_app "$work/zoom.sqlite" "$work/hour.wav"
echo "  sharp9 app HOUR printed its URL after $(awk -v a="$began" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s (decoded, analysed, peaks)"
for run in $(seq "$runs"); do
  result=$("$py" scripts/app-browser.py zoom "$app_url")
  echo "  page $run: $result (load $(load))"
  echo "{\"kind\": \"zoom\", \"result\": $result, \"load\": \"$(load)\"}" >>"$pages"
done
echo "  sharp9 app's resident memory with the hour open: $(($(ps -o rss= -p "$app") / 1024)) MiB"
stop_bench_app
fi

if part hour; then
echo "== opening a 1-hour song (load before: $(load))"
[[ -f $work/hour.wav ]] || song "$work/hour.wav" 60
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }'; }
peak_mib() { awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$1"; }
for run in $(seq "$runs"); do
  mkdir -p "$work/hour-$run"
  # sharp9 app HOUR, under /usr/bin/time (its child is the app).
  rm -f "$work/app.log" "$work/time.txt"
  began=$EPOCHREALTIME
  /usr/bin/time -v -o "$work/time.txt" "$bin" app "$work/hour.wav" \
    --db "$work/hour-$run/app.sqlite" --device pulse --port "$(free_port)" >"$work/app.log" 2>&1 &
  timed=$!
  for _ in $(seq 3000); do grep -qs "^sharp9 app at " "$work/app.log" && break; sleep 0.05; done
  app_sec=$(since "$began")
  app_url=$(printed_url "$work/app.log" "sharp9 app")
  [[ -n $app_url ]] || { cat "$work/app.log" >&2; echo "sharp9 app did not start" >&2; exit 1; }
  sleep 5
  kill -TERM "$(pgrep -P "$timed")" 2>/dev/null
  wait "$timed"
  app_mib=$(peak_mib "$work/time.txt")
  # The same hour through the page's import: a fresh app with no song, the upload over HTTP.
  rm -f "$work/app.log" "$work/time.txt"
  /usr/bin/time -v -o "$work/time.txt" "$bin" app \
    --db "$work/hour-$run/upload.sqlite" --device pulse --port "$(free_port)" >"$work/app.log" 2>&1 &
  timed=$!
  for _ in $(seq 600); do grep -qs "^sharp9 app at " "$work/app.log" && break; sleep 0.05; done
  app_url=$(printed_url "$work/app.log" "sharp9 app")
  # null when refused (a build before songs could be over 256 MiB).
  upload=$("$py" scripts/app-browser.py reads "$app_url" "$work/hour.wav" 2>/dev/null) || upload=null
  sleep 5
  kill -TERM "$(pgrep -P "$timed")" 2>/dev/null
  wait "$timed"
  upload_mib=$(peak_mib "$work/time.txt")
  # The peer: the terminal player, until its screen shows the song (paused at 0).
  rm -f "$work/time.txt"
  began=$EPOCHREALTIME
  tmux -L $tmux_socket new-session -d -s hour -x 100 -y 30 \
    "/usr/bin/time -v -o '$work/time.txt' '$bin' play '$work/hour.wav' \
     --db '$work/hour-$run/player.sqlite' --device pulse >/dev/null 2>&1; sleep 30"
  for _ in $(seq 3000); do
    tmux -L $tmux_socket capture-pane -p -t hour | grep -q "paused" && break
    sleep 0.05
  done
  player_sec=$(since "$began")
  sleep 5
  tmux -L $tmux_socket send-keys -t hour q
  for _ in $(seq 200); do grep -qs "Maximum resident" "$work/time.txt" && break; sleep 0.1; done
  tmux -L $tmux_socket kill-session -t hour
  player_mib=$(peak_mib "$work/time.txt")
  echo "  run $run (load $(load)): sharp9 app HOUR opened in $app_sec s, peak $app_mib MiB;" \
    "the page's upload: $upload, peak $upload_mib MiB; peer, sharp9 play HOUR: $player_sec s," \
    "peak $player_mib MiB"
  echo "{\"kind\": \"hour\", \"appSec\": $app_sec, \"appMiB\": $app_mib, \"upload\": $upload," \
    "\"uploadMiB\": $upload_mib, \"playerSec\": $player_sec, \"playerMiB\": $player_mib," \
    "\"load\": \"$(load)\"}" >>"$pages"
  rm -rf "$work/hour-$run"
done
fi

echo "== summary"
python3 scripts/bench-app-figures.py table "$latency_results"
python3 scripts/bench-app-figures.py pages "$pages"
