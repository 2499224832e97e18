#!/usr/bin/env bash
# The practice journal: `sharp9 journal --json` over a year of daily practice sessions, cold (every
# session replayed on the playback timeline, and its summary kept) and warm (the kept summaries
# read), against SQLite's raw loop over the same events (`sqlite3` reading every stored event byte:
# `length(hex(events))` of each chunk, since `length()` of a blob alone reads only its header;
# the floor for anything that reads every event once) in the same run.
#
# Usage: scripts/bench-journal.sh [RUNS]   (default 5; env BENCH_DIR, BENCH_DAYS (365) and
# BENCH_EVENTS (events per session, 108,000: an hour of ticks at 30 a second plus a loop)).
# Reports median wall seconds and events per second; the issue's target is a year of 1-hour
# sessions (about 40 M events) in 2 s from cached summaries.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
days="${BENCH_DAYS:-365}"
events="${BENCH_EVENTS:-108000}"
dir="${BENCH_DIR:-/tmp/sharp9-bench-journal}"
sharp9=$(bash scripts/build-release.sh 2>/dev/null)
db="$dir/journal-$days-$events.sqlite"
mkdir -p "$dir"

if [[ ! -f "$db" ]]; then
  echo "recording $days sessions of $events events: $db" >&2
  for day in $(seq 0 $((days - 1))); do
    python3 - "$day" "$events" >"$dir/day.jsonl" <<'PY'
import datetime, json, sys
day, events = int(sys.argv[1]), int(sys.argv[2])
start = datetime.datetime(2025, 11, 1, 18, tzinfo=datetime.timezone.utc) + datetime.timedelta(days=day)
print(json.dumps({"session": {"startedAt": start.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "audio": "etude.wav", "title": f"day {day}"}}))
print(json.dumps({"type": "importPicked", "url": "etude.wav", "t": 0}))
print(json.dumps({"type": "importSucceeded", "track": {"name": "etude.wav", "durationSec": 300}, "t": 0}))
print(json.dumps({"type": "setA", "timeSec": 10, "t": 0.1}))
print(json.dumps({"type": "setB", "timeSec": 20, "t": 0.1}))
print(json.dumps({"type": "toggleLoopEnabled", "enabled": True, "t": 0.1}))
print(json.dumps({"type": "togglePlay", "t": 1}))
t = 1.0
for n in range(events - 7):
    t += 1 / 30
    print('{"type":"tick","currentTimeSec":%r,"t":%r}' % (10 + (t - 1) % 10, round(t, 6)))
print(json.dumps({"type": "togglePlay", "t": round(t + 0.5, 6)}))
PY
    "$sharp9" import "$dir/day.jsonl" --db "$db" >/dev/null 2>&1
  done
fi
total=$(sqlite3 "$db" "SELECT sum(event_count) FROM sessions")
echo "sessions: $days, events: $total"

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
# Wall seconds of a command, to the microsecond (`time -f %e` rounds to 10 ms).
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

raw=$(for _ in $(seq "$runs"); do
  seconds sqlite3 "$db" "SELECT sum(length(hex(events))) FROM event_chunks"
done | median)
cold=$(for _ in $(seq "$runs"); do
  sqlite3 "$db" "DELETE FROM session_practice"
  seconds "$sharp9" journal --db "$db" --json
done | median)
warm=$(for _ in $(seq "$runs"); do seconds "$sharp9" journal --db "$db" --json; done | median)
rate() { awk -v n="$total" -v s="$1" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
printf '%-44s %8s s  %12s events/s\n' "SQLite raw loop over every event's bytes" "$raw" "$(rate "$raw")"
printf '%-44s %8s s  %12s events/s  (%.1f× the raw loop)\n' "sharp9 journal, cold (replays, keeps)" \
  "$cold" "$(rate "$cold")" "$(awk -v a="$cold" -v b="$raw" 'BEGIN { print (b > 0 ? a / b : 0) }')"
printf '%-44s %8s s  %12s events/s  (%.2f× the raw loop)\n' "sharp9 journal, warm (kept summaries)" \
  "$warm" "$(rate "$warm")" "$(awk -v a="$warm" -v b="$raw" 'BEGIN { print (b > 0 ? a / b : 0) }')"
