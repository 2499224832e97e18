#!/usr/bin/env bash
# The practice app's sound end to end, as scripts/test-player.sh checks `sharp9 play`'s: a private
# PulseAudio server with a float32 null sink (scripts/lib/private-pulse.sh), parec capturing its
# monitor, `sharp9 app SONG --tee FILE` on it, and a session practised in the page in headless
# Chromium by clicks (scripts/app-browser.py practise: play, speed −, pitch +, A and B tapped on
# the waveform, loop on, pause). Then `sharp9 render` of the session must equal the tee bit for
# bit, and the null sink's capture aligned (scripts/player-audio.py compare: identical, or
# ≥ 120 dB SER with the device's underruns cut out); a render with one sample changed must be
# told apart from the tee, so the comparison can fail. Then a device that stops calling back
# while the page plays, sharp9 itself stopped for a moment while playing (an underrun), and a take
# recorded in the page with the null sink's monitor as the input, and Record on a system with no
# input and with an input that will not open (below). Ends with "N passed, N failed".
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
source scripts/lib/alsa-inputs.sh

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

# A device that stops calling back (the sound server stopped, SIGSTOP) while the page plays: the
# page says so; once the server goes on (SIGCONT) the playhead moves again. A session of its own.
"$bin" app "$work/track.wav" --db "$work/stall.sqlite" --device pulse --port "$(free_port)" \
  >"$work/stall.log" 2>&1 &
app=$!
url=$(printed_url "$work/stall.log" "sharp9 app")
check "device stopped: the page says so, and plays on once it calls back again" \
  "$venv/bin/python" scripts/app-browser.py stall "$url" "${pids[0]}"
stop_app
code=$?
check "device stopped: SIGTERM, exit 0" test "$code" -eq 0

# An underrun (sharp9 itself stopped for 0.3 s while playing, three times): the device calls back
# again once it goes on, not after 2 s of silence. With ALSA's PulseAudio plugin handling
# underruns (its default) each stop left the stream's poll asleep until PortAudio gave up on it
# after 2048 timeouts (a 1.98 s gap, every time, beside the stop's 0.31 s); sharp9 turns that
# off (the CPortAudio shim).
"$bin" app "$work/track.wav" --db "$work/underrun.sqlite" --device pulse --port "$(free_port)" \
  --latency-log "$work/underrun.txt" >"$work/underrun.log" 2>&1 &
app=$!
url=$(printed_url "$work/underrun.log" "sharp9 app")
python3 - "$url" <<'PY'
import sys, urllib.request
from urllib.parse import urlsplit
url = urlsplit(sys.argv[1])
urllib.request.urlopen(urllib.request.Request(
    f"{url.scheme}://{url.netloc}/api/app/input", data=b'{"key":" "}', method="POST",
    headers={"X-Sharp9-Token": url.query.split("token=", 1)[1], "Content-Type": "application/json"}),
    timeout=10).read()
PY
sleep 2
for _ in 1 2 3; do kill -STOP "$app"; sleep 0.3; kill -CONT "$app"; sleep 3; done
stop_app
# Callbacks after the play key (a stream that has just started may take a second to settle).
gaps=$(awk '/^key/ && !played { played = $2 }
  /^callback/ && played && $2 > played { t = $2; if (p && t - p > 0.1) printf "%.2f ", t - p; p = t }' \
  "$work/underrun.txt")
echo "     gaps between callbacks over 0.1 s while playing: $gaps"
check "an underrun: the device calls back again within 1 s, three times" \
  awk -v gaps="$gaps" 'BEGIN { n = split(gaps, g, " "); for (i = 1; i <= n; i++) if (g[i] > 1) exit 1; exit n < 3 }'

# Recording yourself in the page (issue 24), as scripts/test-record.sh checks the player's: a
# fresh private PulseAudio server whose null sink (without rewinds: its monitor is then exactly
# what the sink played) is also the system's default input, the pair calibrated with the app's
# buffer, `sharp9 app SONG --buffer 100 --tee` without --input (as a musician starts it: the
# first Record opens the default input), three takes recorded by clicks (Record, three times
# play 2 s and pause, Record). The takes' events and files; then a take without a dropout against
# the tee: what was played, to 24 bits, lined up within 1 ms. That needs a stream that has not
# dropped out: a dropout (its take's row says so) may move the input against the output for the
# rest of the stream, by far more than a take's frames (470 ms once, in a take after one that
# dropped out, on this VM with both cores busy), and a server may move it by less than sharp9
# notices (exact_take). So when no take without a dropout was what was played, the app is
# started again (a new stream, a new database) and three takes recorded afresh, up to three
# times: every one of three 3 s takes dropped out in a CI run. Then an input that does not exist: one line,
# status 69, no database.
for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
pids=()
mkdir -p "$work/rec"
start_private_pulse "$work/rec" norewinds=1
check "recording: a fresh private PulseAudio server is up" pactl info
check "recording: the null sink's monitor is the default input" \
  bash -c "pactl info | grep -qx 'Default Source: sharp9test.monitor'"
buffer=100
without_dropouts=
for attempt in 1 2 3; do
  rec="$work/rec/$attempt"
  mkdir -p "$rec"
  rdb="$rec/app.sqlite"
  "$bin" devices --calibrate --device pulse --buffer "$buffer" --db "$rdb" \
    >"$rec/calibrate.out" 2>&1
  echo "     stream $attempt: $(head -1 "$rec/calibrate.out")"
  "$bin" app "$work/track.wav" --db "$rdb" --device pulse --buffer "$buffer" \
    --tee "$rec/tee.wav" --port "$(free_port)" >"$rec/app.log" 2>&1 &
  app=$!
  url=$(printed_url "$rec/app.log" "sharp9 app")
  recorded=$("$venv/bin/python" scripts/app-browser.py record "$url" "$rec/session.txt" \
    "$rec/recording.png" 3)
  echo "     $recorded"
  session=$(cat "$rec/session.txt" 2>/dev/null)
  stop_app
  code=$?
  session_takes "$bin" "$session" "$rdb" "$rec/takes.txt"
  awk '$4 == 0' "$rec/takes.txt" >"$rec/candidates.txt"
  [[ -s $rec/candidates.txt ]] && without_dropouts=yes
  exact_take "$bin" "$session" "$rdb" "$rec/tee.wav" "$rec/candidates.txt" "$rec/takes.wav" &&
    break
  echo "     stream $attempt: no take without a dropout was what was played; again on a new stream"
done
check "recording: the pair is calibrated" grep -q "round trip" "$rec/calibrate.out"
check "recording: sharp9 app without --input starts" test -n "$url"
check "recording: the first Record opened the default input, calibrated" \
  bash -c "[[ '$recorded' == *'\"device\": \"device pulse ('*'), input default\"'* &&
    '$recorded' != *'not calibrated'* ]]"
check "recording: three takes recorded in the page by clicks, and listed" \
  bash -c "[[ '$recorded' == *'\"Take 3 '* ]]"
check "recording: SIGTERM, exit 0" test "$code" -eq 0
check "recording: three takes in the session, each in the library under its SHA-256" \
  takes_in_library "$rec/takes.txt" 3 "$rec/takes"
# Each row says "dropout" exactly when its take's event counts one.
python3 -c 'import json, sys; print(*json.loads(sys.argv[1])["takes"], sep="\n")' "$recorded" \
  >"$rec/rows.txt" 2>/dev/null
check "recording: a take's row says when the device dropped out" bash -c \
  "[[ -s '$rec/rows.txt' ]] && paste -d'|' '$rec/rows.txt' <(cut -d' ' -f4 '$rec/takes.txt') |
    awk -F'|' '{ if ((\$2 == 0) != (\$1 !~ /dropout/)) exit 1 }'"
check "recording: a take did not drop out (of $attempt streams)" test -n "$without_dropouts"
check "recording: the take is one span of about 2 s" \
  bash -c "(( ${end:-0} - ${start:-0} > 44100 * 3 / 2 && ${end:-0} - ${start:-0} < 44100 * 4 ))"
check "recording: the take is what was played, to 24 bits" test "$code" -eq 0
check "recording: the take lines up with the song within 1 ms (after the round trip)" \
  lines_up_within_1ms "$result"

# No input on the system, and a default input that will not open with the device (ALSA
# configurations of the test's own, as test-record.sh's): Record pressed twice while the song
# plays says there is nothing to record from, arms nothing, shows no input meters, and the song
# plays on (after the failed reopening, on a stream of the output alone); nothing is logged or
# written, and the render is the tee, bit for bit.
write_alsa_input_configs "$work/rec"
for case in no-input refused-input; do
  dir="$work/rec/$case"
  mkdir -p "$dir"
  ALSA_CONFIG_PATH="$work/rec/$case.conf" "$bin" app "$work/track.wav" --db "$dir/app.sqlite" \
    --device pulse --buffer "$buffer" --tee "$dir/tee.wav" --port "$(free_port)" \
    >"$dir/app.log" 2>&1 &
  app=$!
  url=$(printed_url "$dir/app.log" "sharp9 app")
  told=$("$venv/bin/python" scripts/app-browser.py nothing-to-record "$url" "$dir/page.png")
  echo "     $case: $told"
  stop_app
  code=$?
  expected="nothing to record from: no input (see sharp9 devices, --input NAME)"
  [[ $case == refused-input ]] &&
    expected="nothing to record from: the input default does not open with pulse"
  check "recording, $case: Record says so twice, arms nothing, shows no input meters" python3 -c '
import json, sys
told = json.loads(sys.argv[1])
sys.exit(not (len(told["presses"]) == 2 and not told["errors"] and all(
    press["line"].startswith(sys.argv[2]) and press["pressed"] == "false" and not press["meters"]
    for press in told["presses"])))' "$told" "$expected"
  check "recording, $case: the song played on, on the output alone" python3 -c '
import json, sys
told = json.loads(sys.argv[1])
sys.exit(not (told["after"] != told["before"] and ", input" not in told["device"]))' "$told"
  session=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["session"])' "$told" \
    2>/dev/null)
  check "recording, $case: SIGTERM, exit 0; nothing recorded: no take, no arming logged" \
    bash -c "[[ $code -eq 0 && -n '$session' ]] &&
      ! '$bin' log '$session' --db '$dir/app.sqlite' | grep -qiE 'take|record' &&
      [[ ! -e '$dir/takes' ]]"
  "$bin" render "$session" --db "$dir/app.sqlite" --sample float -o "$dir/heard.wav" >/dev/null
  result=$(python3 scripts/player-audio.py compare "$dir/heard.wav" "$dir/tee.wav")
  echo "     $case, render vs tee: $result"
  check "recording, $case: the render is the tee, bit for bit" \
    bash -c "[[ '$result' == identical* ]]"
done

"$bin" app --db "$work/rec/noin.sqlite" --device pulse --input no-such-input \
  --port "$(free_port)" >/dev/null 2>"$work/rec/noin.txt"
code=$?
echo "     $(cat "$work/rec/noin.txt")"
check "recording: no such input: exit 69, one line, no database" \
  bash -c "[[ $code -eq 69 && \$(wc -l <'$work/rec/noin.txt') -eq 1 && ! -e '$work/rec/noin.sqlite' ]]"

checks_summary
