#!/usr/bin/env bash
# The main job on the built-in demo: a scripted practice session on a bundled demo track (an
# étude; see scripts/demo/make-etude.py) — play, a marker, an A–B loop, slowing down to 0.75× then
# 0.5×, transposing down two semitones, pause, back to A — is recorded into a demo database,
# replayed and verified, shown as a playback timeline, and rendered to the WAV of what was heard.
#
# Output goes to $SHARP9_DEMO_OUT (default: out/demo); the demo database and its render are
# recreated each run.
#
#   scripts/demo.sh                     # installs what is missing, builds the release binary
#   SHARP9_BIN=path scripts/demo.sh     # runs a given binary (an installed one): no Swift needed
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n "${SHARP9_BIN:-}" ]]; then
  sharp9=$SHARP9_BIN
else
  source scripts/setup.sh
  sharp9=$(bash scripts/build-release.sh)
fi
out="${SHARP9_DEMO_OUT:-out/demo}"
mkdir -p "$out"
db="$out/demo.sqlite"
rm -f "$db" "$db-wal" "$db-shm" "$out/heard.wav"
track=scripts/demo/etude.flac
script=scripts/demo/etude-session.jsonl

echo "== record: import the scripted practice session ($script)"
session=$("$sharp9" import --db "$db" "$script" | tail -n 1)
echo "session $session"

echo; echo "== the session's events (first 12) and what the engine was told"
"$sharp9" log --db "$db" "$session" | sed -n 1,12p

echo; echo "== replay and verify against the recorded checkpoints"
"$sharp9" verify --db "$db" "$session"

echo; echo "== playback timeline (what was heard, where), with recorded ticks vs the model"
"$sharp9" timeline --db "$db" "$session" --audio "$track" --report

echo; echo "== render what was heard"
"$sharp9" render --db "$db" "$session" --audio "$track" -o "$out/heard.wav"
echo
echo "what was heard: $out/heard.wav (play it with any audio player)"
