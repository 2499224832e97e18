#!/usr/bin/env bash
# Browser tests of `sharp9 serve` and `sharp9 app` in a real headless Chromium (Debian's /usr/bin/chromium, driven
# by Playwright for Python from a virtual environment; `playwright install` is never run).
# Builds sharp9, imports the test session, starts the inspector and the practice app (on the null
# clock, its own database) on free loopback ports, and a second practice app that records (on a
# private PulseAudio server, its null sink's monitor as the input), runs pytest, stops them all. Screenshots go to docs/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

source scripts/lib/browser-venv.sh

swift build --product sharp9 >/dev/null
bin="$(swift build --show-bin-path)/sharp9"
source scripts/serve-helpers.sh

python3 Tests/browser/make_fixture.py "$work"
(cd "$work" && "$bin" import practice.jsonl --db "$work/sharp9.sqlite" >/dev/null)
start_serve "$bin" "$work/sharp9.sqlite"
mkdir -p "$work/app"
start_app "$bin" "$work/app/sharp9.sqlite"
# Recording in the page needs an input: a private PulseAudio server (scripts/lib/private-pulse.sh)
# whose null sink's monitor is the input, and a second app on it, with its own database. Without
# rewinds (norewinds=1): the fixture's 8 kHz song makes a stream at another rate than the sink's,
# and such a duplex stream stalls at its start on a sink with rewinds (docs/guide/takes.md).
source scripts/lib/private-pulse.sh
start_private_pulse "$work" norewinds=1 || { echo "the private PulseAudio server did not start" >&2; exit 1; }
mkdir -p "$work/rec"
start_recording_app "$bin" "$work/rec/sharp9.sqlite"

status=0
SHARP9_URL="$url" SHARP9_APP_URL="$app_url" SHARP9_APP_DB="$work/app/sharp9.sqlite" SHARP9_BIN="$bin" SHARP9_DB="$work/sharp9.sqlite" SHARP9_WORK="$work" \
  SHARP9_APP_REC_URL="$rec_app_url" SHARP9_APP_REC_DB="$work/rec/sharp9.sqlite" \
  "$venv/bin/pytest" -q Tests/browser "$@" || status=$?
if [[ $status -eq 5 ]]; then
  echo "test-browser: pytest collected no tests" >&2
fi
exit $status
