#!/usr/bin/env bash
# Sync's fault run (issue 25), with real processes: UPLOADERS devices push sessions to one
# `sharp9 serve --store postgres://…` while `sharp9 serve` and PostgreSQL are each SIGKILLed
# KILLS times at random moments and started again; then every acknowledged push must be in
# PostgreSQL exactly once.
#
#   scripts/test-sync-faults.sh [UPLOADERS=12] [KILLS=6] [EVENTS=600] [SEED=$RANDOM]
#   scripts/test-sync-faults.sh 50 20        # the issue's full run (50 uploaders, 20 kills each)
#   KEEP_WORK=1 scripts/test-sync-faults.sh  # keep the temporary folder (logs, device databases)
#   BUILD=release scripts/test-sync-faults.sh
#
# Each device (a local SQLite database and a token of its own) loops: import a new session of
# about EVENTS events, then `sharp9 push` it, in small batches, until push exits 0 (75 is
# "retry later": pushed again); every fifth push is itself SIGKILLed after a random moment (a
# device crashing mid-push). Meanwhile each kill round SIGKILLs the server, starts it again on
# the same port, then SIGKILLs PostgreSQL (the postmaster and every backend), leaves it down for a
# moment and restarts it (crash recovery). Devices keep going until the last round, then finish
# their session. Checked afterwards: every round was done; every device finished (no hang); no
# push exited other than 0, 75 or by its kill (a 409 would mean acknowledged events went
# missing); a session's head as the server reported it never went down; a last `sharp9 push` of
# every device sends nothing; in PostgreSQL every session holds exactly its device's events,
# seq 1…n in order, each event id the one the device derives from session and seq, once, and
# nothing else; every session exports to the same bytes from the device and the server
# (actions and times equal) and verifies on the server (its checkpoints' state hashes).
# Ends with "N passed, N failed" (exit 1 on any failure).
set -euo pipefail
cd "$(dirname "$0")/.."
uploaders=${1:-12}
kills=${2:-6}
events=${3:-600}
seed=${4:-$RANDOM}
build=${BUILD:-debug}
source scripts/setup.sh
source scripts/lib/checks.sh
swift build -c "$build" --product sharp9 >&2
sharp9="$(swift build -c "$build" --show-bin-path)/sharp9"
work=$(mktemp -d /tmp/sharp9-sync-faults.XXXXXX)
postgres_env=$(bash scripts/postgres.sh start)
eval "$postgres_env"
store=$SHARP9_TEST_POSTGRES
server_pid=
uploader_pids=()
cleanup() {
  for pid in "${uploader_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [[ -n "$server_pid" ]] && kill -9 "$server_pid" 2>/dev/null
  wait 2>/dev/null || true
  bash scripts/postgres.sh stop "$SHARP9_POSTGRES_DIR" || true
  [[ -n ${KEEP_WORK:-} ]] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
RANDOM=$seed
started=$SECONDS
echo "sharp9 test-sync-faults: $uploaders uploaders, $kills kills each of server and PostgreSQL," \
  "sessions of about $events events, seed $seed, $build build, $(nproc) cores," \
  "load $(cut -d' ' -f1 /proc/loadavg)"

# Three session scripts the devices import in turn: EVENTS actions of several kinds.
python3 - "$work" "$events" <<'PY'
import random, sys
work, count = sys.argv[1], int(sys.argv[2])
for variant in range(3):
    rng = random.Random(variant)
    lines = ['{"session":{"startedAt":"2026-11-20T10:00:00.000Z","title":"faults"}}',
             '{"type":"importSucceeded","track":{"name":"etude.wav","durationSec":300},"t":0}']
    t = 0.0
    for n in range(count + variant * 37):
        t += rng.randint(1, 40) / 100
        kind = rng.choice(["setA", "setB", "tick", "speedDelta", "togglePlay", "markNow"])
        if kind in ("setA", "setB"):
            body = f'"type":"{kind}","timeSec":{rng.randint(0, 29999) / 100}'
        elif kind == "tick":
            body = f'"type":"tick","currentTimeSec":{rng.randint(0, 29999) / 100}'
        elif kind == "speedDelta":
            body = f'"type":"speedDelta","delta":{rng.choice([-0.05, 0.05, -0.01, 0.01])}'
        else:
            body = f'"type":"{kind}"'
        lines.append("{" + body + f',"t":{round(t, 2)}' + "}")
    open(f"{work}/script{variant}.jsonl", "w").write("\n".join(lines) + "\n")
PY

: >"$work/tokens"
for n in $(seq 1 "$uploaders"); do
  "$sharp9" tokens add "device$n" --store "$store" | tail -1 >>"$work/tokens"
done

port=0
start_server() { # starts `sharp9 serve` on $port (a free one the first time) and waits for it
  "$sharp9" serve --port "$port" --store "$store" >"$work/serve.out" 2>>"$work/serve.log" &
  server_pid=$!
  for _ in $(seq 1 600); do
    local announced
    announced=$(sed -n 's|^sharp9 inspector at http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/serve.out")
    if [[ -n "$announced" ]]; then
      port=$announced
      return 0
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  return 1
}
start_server || { echo "FAIL sharp9 serve did not start"; tail "$work/serve.log"; exit 1; }
url="http://127.0.0.1:$port"

server_head() { # ID TOKEN: the server's head of session ID, or nothing when it did not answer
  python3 - "$url" "$1" "$2" <<'PY' 2>/dev/null || true
import json, sys, urllib.request
url, session, token = sys.argv[1:]
request = urllib.request.Request(f"{url}/api/sync/sessions/{session}",
                                 headers={"Authorization": f"Bearer {token}"})
with urllib.request.urlopen(request, timeout=5) as answer:
    print(json.load(answer)["events"])
PY
}

uploader() { # N: device N's loop (its lines go to $work/device$N.*)
  local n=$1 token db round=0 attempt=0 id status head
  token=$(sed -n "${n}p" "$work/tokens")
  db="$work/device$n.sqlite"
  RANDOM=$((seed + n))
  while :; do
    id=$("$sharp9" import "$work/script$((round % 3)).jsonl" --title "device$n round$round" \
      --db "$db" | tail -1)
    round=$((round + 1))
    while :; do
      attempt=$((attempt + 1))
      local push_started=$SECONDS
      if ((attempt % 5 == 0)); then # the device crashes mid-push
        status=0
        timeout --foreground -s KILL "$((RANDOM % 2)).$((1 + RANDOM % 9))" "$sharp9" push \
          --to "$url" --token "$token" --attempts 4 --batch-bytes 8192 "$id" --db "$db" \
          >>"$work/device$n.out" 2>>"$work/device$n.err" || status=$?
      else
        status=0
        "$sharp9" push --to "$url" --token "$token" --attempts 4 --batch-bytes 8192 "$id" \
          --db "$db" >>"$work/device$n.out" 2>>"$work/device$n.err" || status=$?
      fi
      echo "$status" >>"$work/device$n.exits"
      echo "$((push_started - started)) s: $id exit $status after $((SECONDS - push_started)) s" \
        >>"$work/device$n.log"
      if ((status == 0)); then
        head=$("$sharp9" sessions --json --db "$db" | python3 -c '
import json, sys
print(next(s["events"] for s in map(json.loads, sys.stdin) if s["id"] == sys.argv[1]))' "$id")
        echo "$id $head" >>"$work/device$n.acks"
        echo "$id $head" >>"$work/device$n.heads"
        break
      fi
      head=$(server_head "$id" "$token")
      [[ -n "$head" ]] && echo "$id $head" >>"$work/device$n.heads"
      sleep 0.$((RANDOM % 5))
    done
    [[ -e "$work/kills.done" ]] && break
  done
  touch "$work/device$n.done"
}

for n in $(seq 1 "$uploaders"); do
  uploader "$n" &
  uploader_pids+=($!)
done

# The kill rounds: the server, then PostgreSQL, each at a random moment.
server_kills=0
postgres_kills=0
for round in $(seq 1 "$kills"); do
  sleep "$((1 + RANDOM % 3)).$((RANDOM % 10))"
  kill -9 "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_kills=$((server_kills + 1))
  sleep 0.$((RANDOM % 5))
  start_server || echo "     round $round: the server did not start again"
  sleep "$((1 + RANDOM % 3)).$((RANDOM % 10))"
  bash scripts/postgres.sh kill "$SHARP9_POSTGRES_DIR"
  postgres_kills=$((postgres_kills + 1))
  sleep "$((RANDOM % 2)).$((RANDOM % 10))"
  bash scripts/postgres.sh restart "$SHARP9_POSTGRES_DIR"
  echo "     round $round: server and PostgreSQL killed and started again ($((SECONDS - started)) s)"
done
touch "$work/kills.done"
kills_ended=$SECONDS

# Every device finishes its session within 5 minutes of the last kill, or it hangs.
deadline=$((SECONDS + 300))
while ((SECONDS < deadline)); do
  finished=$(find "$work" -name "device*.done" | wc -l)
  ((finished == uploaders)) && break
  sleep 1
done
finished=$(find "$work" -name "device*.done" | wc -l)
for pid in "${uploader_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
wait "${uploader_pids[@]}" 2>/dev/null || true
uploader_pids=()
echo "     devices finished $((SECONDS - kills_ended)) s after the last kill"

same() { [[ $1 == "$2" ]]; }
reasoned() { "$@" 2>"$work/why"; }
check_or_say() { # NAME COMMAND...: check, and on failure the first lines COMMAND wrote to stderr
  local label=$1 before=$failed
  shift
  check "$label" reasoned "$@"
  ((failed == before)) || head -5 "$work/why" | sed 's/^/     /'
}
check "$kills kills of the server and $kills of PostgreSQL done" \
  same "$server_kills $postgres_kills" "$kills $kills"
check "the server answers after the last restart" \
  bash -c "kill -0 $server_pid && [[ -n \$(cat '$work'/serve.out) ]]"
check "every device ($uploaders) finished its last push (no hang)" same "$finished" "$uploaders"

cat "$work"/device*.exits >"$work/exits"
pushes=$(wc -l <"$work/exits")
acknowledged=$(grep -cx 0 "$work/exits" || true)
retried=$(grep -cx 75 "$work/exits" || true)
# timeout --foreground exits 137 when its KILL ended the push, 124 when it fired as the push ended.
device_kills=$(grep -cxE '124|137' "$work/exits" || true)
echo "     $pushes pushes: $acknowledged acknowledged (exit 0), $retried retried after 75," \
  "$device_kills devices killed mid-push"
unexpected=$(grep -vxE '0|75|124|137' "$work/exits" | sort | uniq -c | tr '\n' ' ' || true)
[[ -n "$unexpected" ]] && echo "     other exits (count status): $unexpected" \
  && grep -h "error" "$work"/device*.err | sort | uniq -c | sort -rn | head -5
check "no push exited other than 0, 75 or killed" same "$unexpected" ""
check "pushes failed and were retried (the kills reached them)" \
  bash -c "(( $retried + $device_kills > 0 ))"

check_or_say "a session's head on the server never went down" python3 - "$work" <<'PY'
import glob, sys
for path in glob.glob(f"{sys.argv[1]}/device*.heads"):
    seen = {}
    for line in open(path):
        session, head = line.split()
        if int(head) < seen.get(session, 0):
            sys.exit(f"{path}: {session} went from {seen[session]} to {head}")
        seen[session] = int(head)
PY

repush() { # every device's last push of all its sessions sends nothing
  local n token
  for n in $(seq 1 "$uploaders"); do
    token=$(sed -n "${n}p" "$work/tokens")
    timeout 120 "$sharp9" push --to "$url" --token "$token" --db "$work/device$n.sqlite" | tail -1 \
      | grep -qx "pushed 0 events; everything is acknowledged" || {
      echo "device$n sent events again" >&2
      return 1
    }
  done
}
check_or_say "a last push of every device sends nothing (all of it acknowledged and kept)" repush
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=

# What the devices hold, and what PostgreSQL holds.
for n in $(seq 1 "$uploaders"); do
  "$sharp9" sessions --json --db "$work/device$n.sqlite" \
    | python3 -c 'import json, sys
for s in map(json.loads, sys.stdin): print(sys.argv[1], s["id"], s["events"])' "device$n"
done >"$work/device-sessions"
psql_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
psql=("${psql_bin:+$psql_bin/}psql" -X -q -A -t -F ' ' -h "$SHARP9_POSTGRES_DIR" -U sharp9 sharp9)
"${psql[@]}" -c "SELECT device, id, event_count FROM sessions ORDER BY id" >"$work/server-sessions"
"${psql[@]}" -c "SELECT session_id, seq, event_id FROM events ORDER BY session_id, seq" \
  >"$work/server-events"
sessions=$(wc -l <"$work/device-sessions")
events_checked=$(awk '{ sum += $3 } END { print sum + 0 }' "$work/device-sessions")
echo "     $sessions sessions, $events_checked events on the devices"

check_or_say "PostgreSQL holds every device's sessions with its events, and no other" python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
device = sorted(tuple(line.split()) for line in open(f"{work}/device-sessions"))
server = sorted(tuple(line.split()) for line in open(f"{work}/server-sessions"))
if device != server:
    sys.exit(f"devices {len(device)}, server {len(server)}: {set(device) ^ set(server)}")
PY

check_or_say "every event once, seq 1…n in order, ids the device's (derived from session and seq)" \
  python3 - "$work" <<'PY'
import hashlib, sys, uuid
work = sys.argv[1]
heads = {s: int(n) for _, s, n in (line.split() for line in open(f"{work}/device-sessions"))}
expected = {}
ids = set()
for line in open(f"{work}/server-events"):
    session, seq, event_id = line.split()
    seq = int(seq)
    if seq != expected.get(session, 0) + 1:
        sys.exit(f"{session}: seq {seq} after {expected.get(session, 0)}")
    expected[session] = seq
    # NewEvent.DerivedIDs: the session's 8-byte prefix, then the seq (version 8, variant 10).
    prefix = bytearray(hashlib.sha256(b"sharp9 event" + uuid.UUID(session).bytes).digest()[:8])
    prefix[6] = (prefix[6] & 0x0F) | 0x80
    number = bytearray(seq.to_bytes(8, "big"))
    number[0] = (number[0] & 0x3F) | 0x80
    if str(uuid.UUID(bytes=bytes(prefix + number))) != event_id:
        sys.exit(f"{session} {seq}: event id {event_id}")
    if event_id in ids:
        sys.exit(f"{event_id} twice")
    ids.add(event_id)
if expected != heads:
    sys.exit(f"heads differ: {set(expected.items()) ^ set(heads.items())}")
PY

same_sessions() { # every session exports to the same bytes from its device and the server
  local device id count
  while read -r device id count; do
    cmp -s <("$sharp9" export "$id" --db "$work/$device.sqlite") \
      <("$sharp9" export "$id" --store "$store") || {
      echo "$id differs" >&2
      return 1
    }
  done <"$work/device-sessions"
}
check_or_say "every session's actions and times on the server are the device's (export, byte for byte)" \
  same_sessions
verify_all() { # every session verifies on the server
  local device id count
  while read -r device id count; do
    "$sharp9" verify "$id" --store "$store" >/dev/null || {
      echo "$id does not verify" >&2
      return 1
    }
  done <"$work/device-sessions"
}
check_or_say "every session verifies on the server (replay == checkpoints)" verify_all
grep -i "fatal\|crash" "$work/serve.log" | head -3 || true
echo "     run time $((SECONDS - started)) s"
checks_summary
