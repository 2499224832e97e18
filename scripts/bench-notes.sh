#!/usr/bin/env bash
# Usage: scripts/bench-notes.sh [--music PATH] [--release]
# Issue 22's keyboard strip: precision and recall of the sounding-notes estimator per category
# (single notes, intervals, triads, 4-note chords, transposed, slowed; piano- and guitar-like)
# beside librosa's CQT and pyin on the same frames of the same files, in one run. The Swift side
# is the NotesBenchmark test (it runs only with SHARP9_BENCH=1): it renders the synthetic set,
# prints its own table and time per window, and leaves the WAVs and answers for the peers.
# --music PATH also lists the notes heard every 0.25 s in the first 20 s of a recording
# (default: the funnyboat track scripts/setup.sh --bench caches). librosa comes from PyPI into
# .build-venv-notes. --release times an optimized build (another full build).
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=debug
music="${XDG_CACHE_HOME:-$HOME/.cache}/sharp9-bench/funnyboat/usr/share/games/funnyboat/data/JDruid-Trip_on_the_Funny_Boat.ogg"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --music) music=$2; shift 2 ;;
    --release) configuration=release; shift ;;
    *) echo "bench-notes: unknown argument $1" >&2; exit 2 ;;
  esac
done

venv=.build-venv-notes
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import librosa" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet librosa soundfile
fi

directory=$(mktemp -d "${TMPDIR:-/tmp}/sharp9-bench-notes.XXXXXX")
trap 'rm -rf "$directory"' EXIT

echo "# sounding notes, $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime), $configuration build"
export SHARP9_BENCH=1 SHARP9_BENCH_DIR="$directory"
[[ -f "$music" ]] && export SHARP9_BENCH_MUSIC="$music"
swift test -c "$configuration" --filter NotesBenchmark 2>&1 \
  | grep -E '^(category|sharp9 windows|[a-z0-9 .-]+	(piano|guitar|all))' || true
"$venv/bin/python" scripts/bench-notes.py "$directory"
if [[ -f "$directory/music.tsv" ]]; then
  echo; echo "## $(basename "$music"): notes (MIDI:salience) every 0.25 s"
  cat "$directory/music.tsv"
fi
