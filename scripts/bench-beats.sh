#!/usr/bin/env bash
# Beat tracking (issue 23): `sharp9 beats` against aubio (`aubio tempo`, `aubio beat`, Debian's
# aubio-tools) and librosa (`beat.beat_track`, from PyPI in a virtual environment), in the same
# run: tempo error and beat F-measure (±70 ms) on the synthetic set (known beats: clicks, rock,
# syncopated and piano-like patterns, 60-200 BPM, constant and drifting ±3 %) and on random
# variants of it (how often each lands an octave off), tempo agreement and onset alignment on two
# Debian recordings (funnyboat, xmoto-data's foxrun), and the time to analyse a 5-minute song.
# Prints Markdown for docs/benchmarks/beats.md.
#
# Usage: scripts/bench-beats.sh [--quick] [--runs N] [--variants N] [--sharp9 PATH] [--work DIR]
#   --quick: half the synthetic set, no variants, no timing (about a minute). The release sharp9
#   comes from scripts/build-release.sh unless --sharp9 is given. Peers and music:
#   scripts/setup.sh --bench (which the script runs).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh --bench >&2

args=("$@")
if [[ " $* " != *" --sharp9 "* ]]; then
  args+=(--sharp9 "$(bash scripts/build-release.sh)")
fi
# No __pycache__ left in the checkout.
PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="scripts${PYTHONPATH:+:$PYTHONPATH}" exec "$bench_venv/bin/python" -m bench_beats \
  "${args[@]}"
