#!/usr/bin/env bash
# Event-store benchmark: sharp9 against SQLite's own limits (a tight C-API loop over the same
# table shape, scripts/bench-store-raw.c) on the same machine, in the same run.
#
#   scripts/bench-store.sh [EVENTS=1000000] [RUNS=3]
#
# sharp9 packs 256 events per row (event_chunks); the raw loop is also run on that layout
# (insert-chunked, scan-chunked) so both the one-row-per-event limit and the same-layout limit
# are shown.
#
# Measures, medians of RUNS: import events/s, full replay events/s (`sharp9 verify`: every event
# through the reducer, plus the checkpoint comparisons), `state --at` latency at random points
# (p50/p99 of STATE_AT_SAMPLES=1000 points, in-process and whole process, against the same
# statements from a fresh C process; and on one open store, the replay engine alone), live recorder appends/s (one transaction per action,
# synchronous=FULL and NORMAL), and the peak memory of a full replay at EVENTS/10 vs EVENTS.
# Rates are wall-clock; CPU-time rates (user+sys) are printed too because the machine is shared.
#
# Script forms: the same session as sharp9 writes it (canonical), as Python's json.dumps writes it
# and as JSON.stringify writes it (scripts/bench-store-gen.py --form), each through `import` and
# `reduce`; the peer is Python's json module parsing the same lines (parsing only). FORMS_ONLY=1
# runs just this part.
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-1000000}
runs=${2:-3}
source scripts/setup.sh
sharp9=$(bash scripts/build-release.sh)
work=$(mktemp -d /tmp/sharp9-bench-store.XXXXXX)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/raw" scripts/bench-store-raw.c -lsqlite3
small=$((events / 10))
python3 scripts/bench-store-gen.py "$events" >"$work/session.jsonl"
python3 scripts/bench-store-gen.py "$small" >"$work/small.jsonl"
echo "sharp9 bench-store: $events events ($(du -h "$work/session.jsonl" | cut -f1) of JSON Lines)," \
  "$runs runs, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)" >&2

# time_run OUT CMD...: runs CMD, writes "wall cpu maxrss_kb" to OUT.
time_run() {
  local out=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@"
  awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' "$work/time" >"$out"
}
results="$work/results"
: >"$results"
forms="canonical python js"
for form in python js; do
  python3 scripts/bench-store-gen.py "$events" --form "$form" >"$work/session-$form.jsonl"
done
cp "$work/session.jsonl" "$work/session-canonical.jsonl"
for run in $(seq "$runs"); do
  for form in $forms; do
    rm -f "$work"/forms.sqlite*
    time_run "$work/t" "$sharp9" import "$work/session-$form.jsonl" --db "$work/forms.sqlite" \
      >/dev/null
    read -r wall cpu _ <"$work/t"
    echo "import_$form $(python3 -c "print($events/$wall, $events/$cpu)")" >>"$results"
    time_run "$work/t" "$sharp9" reduce "$work/session-$form.jsonl" --compact >/dev/null
    read -r wall cpu _ <"$work/t"
    echo "reduce_$form $(python3 -c "print($events/$wall, $events/$cpu)")" >>"$results"
    python3 - "$work/session-$form.jsonl" >>"$results" <<PY
import json, sys, time
lines = [line for line in open(sys.argv[1], encoding="utf-8").read().split("\\n") if line]
start = time.perf_counter()
for line in lines:
    json.loads(line)
print("peer_parse_$form", len(lines) / (time.perf_counter() - start))
PY
  done
done
python3 - "$results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, *values = line.split()
    rows.setdefault(name, []).append([float(v) for v in values])
def med(name, column=0):
    return statistics.median(r[column] for r in rows[name])
print("| script form | import, events/s (CPU-time rate) | reduce, events/s | Python json.loads, lines/s | import / peer | import / canonical import |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for form in ("canonical", "python", "js"):
    print(f"| {form} | {med('import_' + form):,.0f} ({med('import_' + form, 1):,.0f}) | {med('reduce_' + form):,.0f} | {med('peer_parse_' + form):,.0f} | {med('import_' + form) / med('peer_parse_' + form):.2f} | {med('import_' + form) / med('import_canonical'):.2f} |")
PY
[[ -n ${FORMS_ONLY:-} ]] && exit 0
: >"$results"
for run in $(seq "$runs"); do
  rm -f "$work"/db.sqlite* "$work"/raw.sqlite* "$work"/rawchunks.sqlite*
  time_run "$work/t" "$sharp9" import "$work/session.jsonl" --db "$work/db.sqlite" >"$work/id"
  read -r wall cpu _ <"$work/t"
  echo "import $(python3 -c "print($events/$wall, $events/$cpu)")" >>"$results"
  id=$(tail -1 "$work/id")
  echo "raw_insert $("$work/raw" "$work/raw.sqlite" insert "$events")" >>"$results"
  echo "raw_insert_chunked $("$work/raw" "$work/rawchunks.sqlite" insert-chunked "$events")" \
    >>"$results"

  time_run "$work/t" "$sharp9" verify "$id" --db "$work/db.sqlite" >/dev/null
  read -r wall cpu rss <"$work/t"
  echo "replay $(python3 -c "print($events/$wall, $events/$cpu)")" >>"$results"
  echo "replay_rss_large $rss" >>"$results"
  echo "raw_scan $("$work/raw" "$work/raw.sqlite" scan)" >>"$results"
  echo "raw_scan_chunked $("$work/raw" "$work/rawchunks.sqlite" scan-chunked)" >>"$results"

  small_id=$("$sharp9" import "$work/small.jsonl" --db "$work/db.sqlite" | tail -1)
  time_run "$work/t" "$sharp9" verify "$small_id" --db "$work/db.sqlite" >/dev/null
  read -r _ _ rss <"$work/t"
  echo "replay_rss_small $rss" >>"$results"

  # state --at: STATE_AT_SAMPLES random points (1000: the p99 is then the 10th slowest call, not
  # the slowest). Per point, sharp9 (in-process time from the hidden --print-timing, and the whole
  # process) and SQLite's floor (the same statements from a fresh C process, nothing decoded or
  # reduced), in alternating order so neither always runs on the caches the other warmed.
  python3 - "$sharp9" "$work/db.sqlite" "$id" "$events" "$run" "$work/raw" \
    "${STATE_AT_SAMPLES:-1000}" >>"$results" <<'PY'
import random, subprocess, sys, time
sharp9, db, session, events, seed, raw, samples = sys.argv[1:8]
events, samples = int(events), int(samples)
rng = random.Random(int(seed))
inner, outer, cpu, floor = [], [], [], []
def run_sharp9(at):
    start = time.perf_counter()
    done = subprocess.run([sharp9, "state", session, "--at", str(at), "--json", "--print-timing",
                           "--db", db], capture_output=True, text=True, check=True)
    outer.append((time.perf_counter() - start) * 1000)
    words = done.stderr.split()
    inner.append(int(words[1]) / 1000)
    cpu.append(int(words[3]) / 1000)
def run_raw(at):
    done = subprocess.run([raw, db, "state-at", str(at), session], capture_output=True,
                          text=True, check=True)
    floor.append(int(done.stdout.split()[0]) / 1000)
for index in range(samples):
    at = rng.randrange(events + 1)
    for step in ((run_sharp9, run_raw) if index % 2 == 0 else (run_raw, run_sharp9)):
        step(at)
def p(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]
print("state_at_inner_p50", p(inner, 0.5)); print("state_at_inner_p99", p(inner, 0.99))
print("state_at_cpu_p50", p(cpu, 0.5)); print("state_at_cpu_p99", p(cpu, 0.99))
print("state_at_process_p50", p(outer, 0.5)); print("state_at_process_p99", p(outer, 0.99))
print("raw_state_at_p50", p(floor, 0.5)); print("raw_state_at_p99", p(floor, 0.99))
PY

  # The replay engine alone: state(at:) at 1000 seeded random points on one open store (what the
  # app does while scrubbing a session's history), without the per-call open of the CLI.
  "$sharp9" state "$id" --db "$work/db.sqlite" --time-random-points 1000 2>&1 >/dev/null \
    | awk '{print "state_at_open_p50", $3 / 1000; print "state_at_open_p99", $5 / 1000}' \
    >>"$results"

  # Live appends: the client writes as fast as it can; each action is one transaction, answered
  # after its commit. FULL fsyncs every commit; NORMAL does not.
  for mode in full normal; do
    count=$([[ $mode == full ]] && echo 1500 || echo 20000)
    python3 -c "
for i in range($count): print('{\"type\":\"tick\",\"currentTimeSec\":%r,\"t\":%r}' % (i / 30, i / 30))
" >"$work/live.jsonl"
    rm -f "$work"/live.sqlite*
    time_run "$work/t" "$sharp9" record --sync "$mode" --db "$work/live.sqlite" \
      <"$work/live.jsonl" >/dev/null 2>&1
    read -r wall _ _ <"$work/t"
    echo "append_$mode $(python3 -c "print($count/$wall)")" >>"$results"
    rm -f "$work"/rawlive.sqlite*
    echo "raw_append_$mode $("$work/raw" "$work/rawlive.sqlite" append "$count" "$mode")" >>"$results"
  done
done

python3 - "$results" "$events" "$small" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, *values = line.split()
    rows.setdefault(name, []).append([float(v) for v in values])
def med(name, column=0):
    return statistics.median(r[column] for r in rows[name])
events, small = int(sys.argv[2]), int(sys.argv[3])
print(f"| measure | sharp9 | SQLite raw C loop | ratio |")
print(f"| --- | ---: | ---: | ---: |")
print(f"| import, events/s, wall (CPU-time rate) | {med('import'):,.0f} ({med('import', 1):,.0f}) | {med('raw_insert'):,.0f} ({med('raw_insert', 1):,.0f}), insert only | {med('import') / med('raw_insert'):.2f} ({med('import', 1) / med('raw_insert', 1):.2f}) |")
print(f"| full replay, events/s, wall (CPU-time rate) | {med('replay'):,.0f} ({med('replay', 1):,.0f}) | {med('raw_scan'):,.0f} ({med('raw_scan', 1):,.0f}), scan only | {med('replay') / med('raw_scan'):.2f} ({med('replay', 1) / med('raw_scan', 1):.2f}) |")
print(f"| import vs raw insert of sharp9's chunk layout (256 events per row), events/s | {med('import'):,.0f} ({med('import', 1):,.0f}) | {med('raw_insert_chunked'):,.0f} ({med('raw_insert_chunked', 1):,.0f}), insert only | {med('import') / med('raw_insert_chunked'):.2f} ({med('import', 1) / med('raw_insert_chunked', 1):.2f}) |")
print(f"| full replay vs raw scan of the chunk layout, events/s | {med('replay'):,.0f} ({med('replay', 1):,.0f}) | {med('raw_scan_chunked'):,.0f} ({med('raw_scan_chunked', 1):,.0f}), scan only | {med('replay') / med('raw_scan_chunked'):.2f} ({med('replay', 1) / med('raw_scan_chunked', 1):.2f}) |")
print(f"| `state --at` random point, p50 / p99 ms, in-process wall (CPU) | {med('state_at_inner_p50'):.2f} / {med('state_at_inner_p99'):.2f} ({med('state_at_cpu_p50'):.2f} / {med('state_at_cpu_p99'):.2f}) | {med('raw_state_at_p50'):.2f} / {med('raw_state_at_p99'):.2f}, the same SQL, nothing decoded | {med('state_at_inner_p50') / med('raw_state_at_p50'):.2f} / {med('state_at_inner_p99') / med('raw_state_at_p99'):.2f} |")
print(f"| `state(at:)` random point on an open store (replay engine alone), p50 / p99 ms | {med('state_at_open_p50'):.2f} / {med('state_at_open_p99'):.2f} | | |")
print(f"| `state --at` random point, p50 / p99 ms (whole process) | {med('state_at_process_p50'):.2f} / {med('state_at_process_p99'):.2f} | | |")
print(f"| live appends/s, synchronous=FULL (fsync per action) | {med('append_full'):,.0f} | {med('raw_append_full'):,.0f} | {med('append_full') / med('raw_append_full'):.2f} |")
print(f"| live appends/s, synchronous=NORMAL | {med('append_normal'):,.0f} | {med('raw_append_normal'):,.0f} | {med('append_normal') / med('raw_append_normal'):.2f} |")
print(f"| full replay peak RSS, {small:,} vs {events:,} events | {med('replay_rss_small') / 1024:.1f} MiB vs {med('replay_rss_large') / 1024:.1f} MiB | | |")
PY
