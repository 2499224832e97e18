#!/usr/bin/env bash
# Recording yourself, end to end on a fresh machine: a private PulseAudio server whose null sink's
# monitor is the default source, so the input `sharp9 play` records is exactly what it played.
# Arms recording (R), plays, pauses, quits; checks the take event, the take's file in the
# library under its SHA-256, and that the take equals what was sent to the device (the tee) to
# 24 bits after the measured round trip. Then a missing input: one error line, no session.
# Ends with "N passed, N failed" (exit 1 on any failure).
#
# The release build (a debug build's stretcher is slower than real time), or SHARP9_BIN: this
# test plays at speed 1, where the stretcher passes the song through, so a debug build keeps up.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${SHARP9_BIN:-$(bash scripts/build-release.sh)} || exit 1
work=$(mktemp -d)
pids=()
cleanup() {
  tmux -L sharp9rec kill-server 2>/dev/null
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  [[ -n ${KEEP_WORK:-} ]] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT

source scripts/lib/checks.sh

shows() { # shows TEXT: the screen shows it within 5 s
  for _ in $(seq 50); do
    tmux -L sharp9rec capture-pane -p -t rec | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
key() { tmux -L sharp9rec send-keys -t rec "$1"; sleep "${2:-0.6}"; }

source scripts/lib/private-pulse.sh
# Without rewinds: the monitor (the input) is then exactly what the sink played, sample for
# sample; with them it repeats a few frames now and then, so nothing could line up to the sample.
start_private_pulse "$work" norewinds=1
check "private PulseAudio server is up" pactl info
check "the null sink's monitor is the default source" \
  bash -c "pactl info | grep -qx 'Default Source: sharp9test.monitor'"
python3 scripts/player-audio.py track "$work/track.wav" 20
check "sharp9 devices lists pulse as an input" \
  bash -c "'$bin' devices | grep -Eq '^[* ] +pulse +input '"

db="$work/sessions.sqlite"
tmux -L sharp9rec new-session -d -s rec -x 100 -y 30 \
  "'$bin' play '$work/track.wav' --db '$db' --tee '$work/tee.wav' --device pulse --input pulse \
   >'$work/out.txt' 2>'$work/err.txt'; echo \$? >'$work/exit.txt'; sleep 60"
sleep 2
check "start: the device line names the input" shows "input pulse"
key R
check "R: armed" shows "rec armed"
key Space 0.5
check "Space: recording a take" shows "● rec"
sleep 3
key Space 1.5
# An underrun while recording makes the device's sound depart from the tee: say how many.
underruns=$(tmux -L sharp9rec capture-pane -p -t rec | sed -n 's/.*underruns \([0-9]*\).*/\1/p')
echo "     underruns while playing: ${underruns:-?}"
check "Space: the take ended, armed again" shows "rec armed"
check "the take is kept" shows "Take 1 kept"
key q 2
for _ in $(seq 100); do [[ -s $work/exit.txt ]] && break; sleep 0.1; done
check "quit: exit 0" grep -qx 0 "$work/exit.txt"
id=$(sed -n 's/^session //p' "$work/out.txt")

"$bin" log "$id" --db "$db" >"$work/log.txt"
check "the log has the take" grep -q "take recorded: frames" "$work/log.txt"
"$bin" state "$id" --db "$db" --json >"$work/state.json"
read -r sha start end dropouts latency < <(python3 -c '
import json, sys
take = json.load(open(sys.argv[1]))["recording"]["takes"][0]["recording"]
print(take["sha256"], take["startFrame"], take["endFrame"], take["dropouts"], take["latencyFrames"])
' "$work/state.json")
echo "     the take: frames $start-$end, dropouts $dropouts, latency compensated $latency frames"
check "the take is one span of about 3 s" \
  bash -c "(( $end - $start > 44100 * 2 && $end - $start < 44100 * 5 ))"
check "its file is in the library under its SHA-256" \
  bash -c "[[ \$(sha256sum '$work/takes/$sha.flac' | cut -d' ' -f1) == $sha ]]"
check "nothing else is in the library" \
  bash -c "[[ \$(ls -A '$work/takes') == $sha.flac ]]"

"$bin" render "$id" --db "$db" --takes-only --sample float -o "$work/takes.wav" >/dev/null
result=$(python3 scripts/record-audio.py align "$work/tee.wav" "$work/takes.wav" "$start" "$end")
code=$?
echo "     take vs tee: $result"
check "the take is what was played, to 24 bits, after the round trip" test "$code" -eq 0

# An input that does not exist: one error line, exit 69, no session.
"$bin" play "$work/track.wav" --db "$work/noin.sqlite" --device pulse --input no-such-input \
  >/dev/null 2>"$work/noin.txt"
code=$?
check "no such input: exit 69, one line" \
  bash -c "[[ $code -eq 69 && \$(wc -l <'$work/noin.txt') -eq 1 ]]"
check "no such input: no session" test ! -e "$work/noin.sqlite"

checks_summary
