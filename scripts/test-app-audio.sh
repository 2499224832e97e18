#!/usr/bin/env bash
# The practice app's sound end to end, as scripts/test-player.sh checks `sharp9 play`'s: a private
# PulseAudio server with a float32 null sink (scripts/lib/private-pulse.sh), parec capturing its
# monitor, `sharp9 app SONG --tee FILE` on it, and a session practised in the page in headless
# Chromium by clicks (scripts/app-browser.py practise: play, speed −, pitch +, A and B tapped on
# the waveform, loop on, pause). Then `sharp9 render` of the session must equal the tee bit for
# bit, and the null sink's capture aligned (scripts/player-audio.py compare: identical, or
# ≥ 120 dB SER with the device's underruns cut out); a render with one sample changed must be
# told apart from the tee, so the comparison can fail. Ends with "N passed, N failed".
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
source scripts/lib/private-pulse.sh

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
kill -TERM "$app"
wait "$app"
code=$?
app=""
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

checks_summary
