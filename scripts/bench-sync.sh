#!/usr/bin/env bash
# Concurrent device uploads through `sharp9 serve`'s sync API, PostgreSQL and SQLite side by side
# in one run:
#
#   scripts/bench-sync.sh [UPLOADERS=50] [EVENTS_PER_UPLOADER=4000] [BATCH=200]
#
# For each backend: a store with one device token per uploader (`sharp9 tokens add`), a
# `sharp9 serve` on loopback, and scripts/bench-sync.py: UPLOADERS threads, each creating a
# session and uploading its events in batches of BATCH, one after the other, all at once.
# Printed: durable events/s (acknowledged events over the wall time from the first batch to the
# last acknowledgement; synchronous commit stays on in PostgreSQL, synchronous=FULL in SQLite), the
# p50 and p99 of one upload's latency (a POST, sent to acknowledged), and PostgreSQL's ratio to
# SQLite in the same run. Afterwards every session is checked to hold exactly its events.
# BUILD=debug runs a debug build (only to check the script: its figures mean nothing); BIN runs a
# sharp9 built elsewhere (by default scripts/build-release.sh's, as it ships).
set -euo pipefail
cd "$(dirname "$0")/.."
uploaders=${1:-50}
per_uploader=${2:-4000}
batch=${3:-200}
build=${BUILD:-release}
source scripts/setup.sh
source scripts/lib/serve-port.sh
if [[ -n "${BIN:-}" ]]; then
  sharp9=$BIN
elif [[ "$build" == release ]]; then
  # build-release.sh's binary, as it ships (other flags would rebuild every module).
  sharp9=$(scripts/build-release.sh)
else
  swift build -c "$build" --product sharp9 >&2
  sharp9="$(swift build -c "$build" --show-bin-path)/sharp9"
fi
work=$(mktemp -d /tmp/sharp9-bench-sync.XXXXXX)
postgres_env=$(bash scripts/postgres.sh start)
eval "$postgres_env"
server_pid=
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  bash scripts/postgres.sh stop "$SHARP9_POSTGRES_DIR"
  rm -rf "$work"
}
trap cleanup EXIT
echo "sharp9 bench-sync: $uploaders uploaders x $per_uploader events, batches of $batch," \
  "$build build, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)" >&2

run() { # NAME STORE-OPTIONS...: prints NAME and the driver's line
  local name=$1
  shift
  : >"$work/$name.tokens"
  for n in $(seq 1 "$uploaders"); do
    "$sharp9" tokens add "device$n" "$@" | tail -1 >>"$work/$name.tokens"
  done
  "$sharp9" serve --port 0 "$@" >"$work/$name.serve" 2>"$work/$name.log" &
  server_pid=$!
  local port
  port=$(serve_port "$work/$name.serve")
  [[ -n "$port" ]] || { cat "$work/$name.log" >&2; exit 1; }
  echo "$name $(python3 scripts/bench-sync.py "http://127.0.0.1:$port" "$work/$name.tokens" \
    "$per_uploader" "$batch")"
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=
  # Exactly the events uploaded, in every session.
  local counts
  counts=$("$sharp9" sessions --json "$@" | python3 -c '
import json, sys
print(" ".join(sorted({str(json.loads(line)["events"]) for line in sys.stdin})))')
  [[ "$counts" == "$per_uploader" ]] || { echo "bench-sync: $name holds $counts events per session" >&2; exit 1; }
}

{
  run postgres --store "$SHARP9_TEST_POSTGRES"
  run sqlite --db "$work/server.sqlite"
} >"$work/results"

python3 - "$work/results" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    name, events, seconds, p50, p99 = line.split()
    rows[name] = (int(events) / float(seconds), float(p50), float(p99))
print(f"{'backend':<12}{'events/s':>12}{'p50 ms':>10}{'p99 ms':>10}")
for name in ["postgres", "sqlite"]:
    rate, p50, p99 = rows[name]
    print(f"{name:<12}{rate:>12,.0f}{p50:>10.1f}{p99:>10.1f}")
print(f"postgres / sqlite events/s: {rows['postgres'][0] / rows['sqlite'][0]:.2f}")
PY
