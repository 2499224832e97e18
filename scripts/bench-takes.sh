#!/usr/bin/env bash
# Usage: scripts/bench-takes.sh [--release]
# Issue 24: a take listened back to at another speed than it was played along at. Where its
# bursts land against the song's (and a take of plucked notes: where their attacks land and at
# what pitch, against the ideal), through sharp9's take voice (the render of the session, which
# the live engine equals bit for bit) and through rubberband R3 stretching the same take offline
# (with its key-frame map for a take whose speed changed while it was recorded), in one run.
# The Swift side is the TakeStretchBenchmark test (it runs only with SHARP9_BENCH=1); it leaves
# the takes and sharp9's renders for scripts/bench-takes.py, which runs the peer and scores both
# the same way. rubberband, numpy and scipy come from scripts/setup.sh --bench.
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=debug
while [[ $# -gt 0 ]]; do
  case "$1" in
    --release) configuration=release; shift ;;
    *) echo "bench-takes: unknown argument $1" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh --bench >&2

directory=$(mktemp -d "${TMPDIR:-/tmp}/sharp9-bench-takes.XXXXXX")
trap 'rm -rf "$directory"' EXIT

echo "# takes heard at another speed, $(date -u '+%Y-%m-%d %H:%M') UTC, $(uname -m)," \
  "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $configuration build," \
  "rubberband $(rubberband --version 2>&1 | head -1)"
SHARP9_BENCH=1 SHARP9_BENCH_DIR="$directory" \
  swift test -c "$configuration" --filter TakeStretchBenchmark >"$directory/swift.log" 2>&1 \
  || { tail -20 "$directory/swift.log" >&2; exit 1; }
python3 scripts/bench-takes.py "$directory"
