#!/usr/bin/env bash
# PostgreSQL store benchmark, SQLite side by side in the same run, and PostgreSQL's own COPY as
# the import peer:
#
#   scripts/bench-store-postgres.sh [EVENTS=200000]
#
# Starts a private cluster (scripts/postgres.sh; synchronous commit on), generates a session
# script (scripts/bench-store-gen.py), and runs the driver (Sources/sharp9-bench-store-postgres):
# the import of the script into SQLite and into PostgreSQL (what `sharp9 import` runs: parse,
# reduce, encode, checkpoint, store in one transaction; PostgreSQL's rows streamed by COPY), one
# append of the same events as a ready batch with ids of their own (an upload's path, COPY too),
# replay from each (decode + fold every event), the state at the last event and at 1000 seeded
# random events from PostgreSQL (in process: the store's part of `state?at=`, no HTTP). The
# peer: psql's \copy of the imported rows (binary format) into a table of the events' shape,
# PostgreSQL's fastest bulk path with nothing of sharp9 in it. Rates are wall-clock events/s.
# BUILD=debug runs a debug build (only to check the script: its figures mean nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-200000}
build=${BUILD:-release}
source scripts/setup.sh
swift build -c "$build" --product sharp9-bench-store-postgres >&2
driver="$(swift build -c "$build" --show-bin-path)/sharp9-bench-store-postgres"
work=$(mktemp -d /tmp/sharp9-bench-pg.XXXXXX)
postgres_env=$(bash scripts/postgres.sh start)
eval "$postgres_env"
trap 'bash scripts/postgres.sh stop "$SHARP9_POSTGRES_DIR"; rm -rf "$work"' EXIT
url=$SHARP9_TEST_POSTGRES
python3 scripts/bench-store-gen.py "$events" >"$work/session.jsonl"
echo "sharp9 bench-store-postgres: $events script lines, $build build, $(nproc) cores," \
  "load $(cut -d' ' -f1 /proc/loadavg)" >&2

"$driver" "$work/session.jsonl" "$work/bench.sqlite" "$url" >"$work/results"

# The peer: the same rows through COPY, binary, into a table of the events' shape.
psql -qX "$url" -c "\copy (SELECT session_id, seq, event_id, t, action FROM events
  WHERE session_id = (SELECT id FROM sessions WHERE title = 'bench import')) TO '$work/events.copy' WITH (FORMAT binary)"
psql -qX "$url" -c "CREATE TABLE copy_peer (session_id uuid NOT NULL, seq bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE, t double precision NOT NULL, action bytea NOT NULL,
  position bigint GENERATED ALWAYS AS IDENTITY, transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (session_id, seq))"
start=$(date +%s.%N)
psql -qX "$url" -c "\copy copy_peer (session_id, seq, event_id, t, action) FROM '$work/events.copy' WITH (FORMAT binary)"
end=$(date +%s.%N)
rows=$(psql -qXtA "$url" -c "SELECT count(*) FROM copy_peer")
echo "peer-copy $rows $(python3 -c "print($end - $start)")" >>"$work/results"

python3 - "$work/results" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    name, events, seconds = line.split()
    rows[name] = (int(events), float(seconds))
n = rows["events"][0]
def rate(name):
    events, seconds = rows[name]
    return (events or n) / seconds
print(f"{'measure':<28}{'events/s':>14}")
for name in ["sqlite-import", "postgres-import", "postgres-append", "peer-copy", "sqlite-replay",
             "postgres-replay"]:
    print(f"{name:<28}{rate(name):>14,.0f}")
print(f"postgres import / COPY peer: {rate('postgres-import') / rate('peer-copy'):.2f}")
print(f"postgres append / COPY peer: {rate('postgres-append') / rate('peer-copy'):.2f}")
print(f"postgres import / sqlite import: {rate('postgres-import') / rate('sqlite-import'):.2f}")
print(f"postgres replay / sqlite replay: {rate('postgres-replay') / rate('sqlite-replay'):.2f}")
print(f"postgres state at the last event: {rows['postgres-state-at-last'][1] * 1000:.1f} ms")
print(f"postgres state at a random event (1000 seeded points, in process): p50"
      f" {rows['postgres-state-at-random-p50'][1] * 1000:.1f} ms, p99"
      f" {rows['postgres-state-at-random-p99'][1] * 1000:.1f} ms")
PY
