#!/usr/bin/env bash
# The practice app's sound end to end, as scripts/test-player.sh checks `sharp9 play`'s: a private
# PulseAudio server with a float32 null sink (scripts/lib/private-pulse.sh), parec capturing its
# monitor, `sharp9 app SONG --tee FILE` on it, and a session practised in the page in headless
# Chromium by clicks (scripts/app-browser.py practise: play, speed −, pitch +, A and B tapped on
# the waveform, loop on, pause). Then `sharp9 render` of the session must equal the tee bit for
# bit, and the null sink's capture aligned (scripts/player-audio.py compare: identical, or
# ≥ 120 dB SER with the device's underruns cut out); a render with one sample changed must be
# told apart from the tee, so the comparison can fail. Then a take recorded in the page with the
# null sink's monitor as the input (below). Ends with "N passed, N failed".
#
# The release build: a debug build's stretcher is slower than real time.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(bash scripts/build-release.sh) || exit 1
source scripts/lib/browser-venv.sh || exit 1
# serve-helpers: $work, free_port, printed_url; its cleanup is replaced by one that also stops
# the sound server and the capture.
source scripts/serve-helpers.sh
pids=()
cleanup() {
  [[ -n $app ]] && kill "$app" 2>/dev/null && wait "$app" 2>/dev/null
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  [[ -n ${KEEP_WORK:-} ]] && echo "kept $work" || rm -rf "$work"
}
source scripts/lib/checks.sh
stop_app() { # SIGTERM to the app; returns its exit status
  kill -TERM "$app"
  wait "$app"
  local status=$?
  app=""
  return $status
}
source scripts/lib/private-pulse.sh
source scripts/lib/takes.sh

start_private_pulse "$work"
check "private PulseAudio server is up" pactl info
python3 scripts/player-audio.py track "$work/track.wav" 20
capture_monitor "$work/capture.f32"

db="$work/app.sqlite"
"$bin" app "$work/track.wav" --db "$db" --device pulse --tee "$work/tee.wav" \
  --port "$(free_port)" >"$work/app.log" 2>&1 &
app=$!
url=$(printed_url "$work/app.log" "sharp9 app")
check "sharp9 app starts on the null sink and prints its URL" test -n "$url"
check "the page practises a session by clicks" \
  "$venv/bin/python" scripts/app-browser.py practise "$url" "$work/session.txt"
session=$(cat "$work/session.txt" 2>/dev/null)
stop_app
code=$?
check "SIGTERM: sharp9 app exits 0" test "$code" -eq 0
check "the tee is written" test -s "$work/tee.wav"

"$bin" log --db "$db" "$session" --json 2>/dev/null |
  python3 -c 'import json, sys; print("|".join(json.loads(l)["action"]["type"] for l in sys.stdin))' \
  | tr '|' '\n' | grep -Ev '^(tick|clearToastIfExpired|beatGridDetected)$' | paste -sd'|' >"$work/types.txt"
echo "     log: $(cat "$work/types.txt")"
check "log: the clicks' actions in order" grep -qx \
  'importPicked|importSucceeded|togglePlay|speedDelta|pitchDelta|setMode|tapWaveform|setMode|tapWaveform|toggleLoopEnabled|togglePlay' \
  "$work/types.txt"

"$bin" render "$session" --db "$db" --sample float -o "$work/render.wav" >/dev/null
check_heard "$work/render.wav" "$work/tee.wav" "$work/capture.f32"
# The comparison can fail: one sample of the render, in the middle of its sound, made louder.
python3 scripts/player-audio.py perturb "$work/render.wav" "$work/perturbed.wav"
perturbed_result=$(python3 scripts/player-audio.py compare "$work/perturbed.wav" "$work/tee.wav")
echo "     one sample changed vs tee: $perturbed_result"
check "a render with one sample changed is told apart from the tee" \
  bash -c "[[ '$perturbed_result' != identical* ]]"
perturbed_device=$(python3 scripts/player-audio.py compare "$work/perturbed.wav" "$work/capture.f32")
echo "     one sample changed vs device: $perturbed_device"
check "a render with one sample changed is told apart from the device's output" bash -c \
  "[[ '$perturbed_device' != identical* ]] && awk '{ exit !(\$1 == \"ser\" && \$2 < 120) }' <<<'$perturbed_device'"

# Recording yourself in the page (issue 24), as scripts/test-record.sh checks the player's: a
# fresh private PulseAudio server whose null sink (without rewinds: its monitor is then exactly
# what the sink played) is also the input, the pair calibrated with the app's buffer, `sharp9 app
# SONG --input pulse --buffer 100 --tee`, takes recorded by clicks (Record, three times play 2 s
# and pause, more until one did not drop out, up to eight: on a shared 2-core machine under load
# every one of three 3 s takes once did; Record); the first take is compared to the sample when
# the device did not drop out while it was recorded (a take with dropouts says so in its event
# and its row). The takes' events and files, and a take against the
# tee: what was played, to 24 bits, lined up within 1 ms. Then an input that does not exist: one
# line, status 69, no database.
for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
pids=()
mkdir -p "$work/rec"
start_private_pulse "$work/rec" norewinds=1
check "recording: a fresh private PulseAudio server is up" pactl info
buffer=100
rdb="$work/rec/app.sqlite"
"$bin" devices --calibrate --device pulse --input pulse --buffer "$buffer" --db "$rdb" \
  >"$work/rec/calibrate.out" 2>&1
echo "     $(head -1 "$work/rec/calibrate.out")"
check "recording: the pair is calibrated" grep -q "round trip" "$work/rec/calibrate.out"
"$bin" app "$work/track.wav" --db "$rdb" --device pulse --input pulse --buffer "$buffer" \
  --tee "$work/rec/tee.wav" --port "$(free_port)" >"$work/rec/app.log" 2>&1 &
app=$!
url=$(printed_url "$work/rec/app.log" "sharp9 app")
check "recording: sharp9 app --input starts" test -n "$url"
recorded=$("$venv/bin/python" scripts/app-browser.py record "$url" "$work/rec/session.txt" \
  "$work/rec/recording.png" 3)
echo "     $recorded"
check "recording: three takes or more recorded in the page by clicks, and listed" \
  bash -c "[[ '$recorded' == *'\"Take 3 '* ]]"
recorded_takes=$(python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])["takes"]))' \
  "$recorded" 2>/dev/null || echo 0)
session=$(cat "$work/rec/session.txt" 2>/dev/null)
stop_app
code=$?
check "recording: SIGTERM, exit 0" test "$code" -eq 0
session_takes "$bin" "$session" "$rdb" "$work/rec/takes.txt"
check "recording: the takes listed are in the session, each in the library under its SHA-256" \
  takes_in_library "$work/rec/takes.txt" "$recorded_takes" "$work/rec/takes"
"$bin" render "$session" --db "$rdb" --takes-only --sample float -o "$work/rec/takes.wav" \
  >/dev/null
compare_take() { # compare_take START END: the take on those session frames against the tee
  python3 scripts/record-audio.py align "$work/rec/tee.wav" "$work/rec/takes.wav" "$1" "$2"
}
# Lined up: the first take without a dropout in it.
read -r sha start end dropouts latency < <(awk '$4 == 0' "$work/rec/takes.txt" | head -1)
check "recording: a take without dropouts (of $recorded_takes)" test -n "${sha:-}"
check "recording: the take is one span of about 2 s" \
  bash -c "(( ${end:-0} - ${start:-0} > 44100 * 3 / 2 && ${end:-0} - ${start:-0} < 44100 * 4 ))"
result=$(compare_take "${start:-0}" "${end:-0}")
echo "     take vs tee: $result"
check "recording: the take lines up with the song within 1 ms (after the round trip)" \
  bash -c "[[ '$result' =~ ^offset\ (-?[0-9]+)\  ]] && (( \${BASH_REMATCH[1]#-} <= 44 ))"
# To the sample: the first take, when the device did not drop out in it. A dropout may move the
# round trip for the rest of the session (the device restarts its buffers), and every take is
# moved back by the one the session settled on at its start, so a later take may be a few frames
# off after a dropout in an earlier one (8 frames, in a run on a loaded machine).
read -r sha start end dropouts latency <"$work/rec/takes.txt"
if [[ ${dropouts:-1} -eq 0 ]]; then
  result=$(compare_take "$start" "$end")
  code=$?
  echo "     first take vs tee: $result"
  check "recording: the first take is what was played, to 24 bits" test "$code" -eq 0
else
  echo "     not compared to the sample: the device dropped out ${dropouts:-?} times in the first take"
fi

"$bin" app --db "$work/rec/noin.sqlite" --device pulse --input no-such-input \
  --port "$(free_port)" >/dev/null 2>"$work/rec/noin.txt"
code=$?
echo "     $(cat "$work/rec/noin.txt")"
check "recording: no such input: exit 69, one line, no database" \
  bash -c "[[ $code -eq 69 && \$(wc -l <'$work/rec/noin.txt') -eq 1 && ! -e '$work/rec/noin.sqlite' ]]"

checks_summary
