#!/usr/bin/env bash
# Usage: scripts/bench-stretch.sh [--quick] [--only sharp9,rubberband-r3] [--sharp9 PATH]
#          [--json PATH] [--runs N] [--no-timing] [--validate] [--setting SPEED:SEMITONES]...
# Quality and speed of `sharp9 stretch` side by side with rubberband (R2, R3), soundstretch and
# sox (issue 4). --quick: 3 settings, short signals, 1 timing run (well under a minute).
# sharp9 comes from --sharp9, $SHARP9 or .build/release/sharp9 and is skipped with a note when
# missing. Peers and the music track are installed by scripts/setup.sh --bench.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${SHARP9_BENCH_NO_SETUP:-}" ]]; then
  bash scripts/setup.sh --bench >&2
fi

python=""
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null \
    && "$candidate" -c "import numpy, scipy" 2>/dev/null; then
    python=$candidate
    break
  fi
done
[[ -n "$python" ]] || {
  echo "bench-stretch: no python3 with numpy and scipy (run scripts/setup.sh --bench)" >&2
  exit 1
}

PYTHONPATH="scripts${PYTHONPATH:+:$PYTHONPATH}" exec "$python" -m bench_stretch "$@"
