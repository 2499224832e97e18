#!/usr/bin/env python3
"""Concurrent device uploads to a running `sharp9 serve` (scripts/bench-sync.sh drives it).

    python3 scripts/bench-sync.py URL TOKENS_FILE EVENTS_PER_UPLOADER BATCH

Each of the tokens (one per line: one uploader each, on its own thread and keep-alive
connection) creates a session with PUT and uploads EVENTS_PER_UPLOADER events in batches of
BATCH with POST /api/sync/sessions/{id}/events, one batch after the other. An upload's latency
is one POST's, from sending to the acknowledgement (the server answers after the commit, so
every acknowledged event is durable). Prints `events SECONDS P50_MS P99_MS` on one line.
Standard library only.
"""

import http.client
import json
import sys
import threading
import time
import urllib.parse
import uuid

url, tokens_file, per_uploader, batch = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
tokens = [line.strip() for line in open(tokens_file) if line.strip()]
parts = urllib.parse.urlsplit(url)
latencies = []
failures = []
lock = threading.Lock()
start_gate = threading.Barrier(len(tokens) + 1)


def upload(token, number):
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    session = uuid.uuid4()
    path = f"/api/sync/sessions/{session}"
    body = json.dumps({
        "id": str(session), "title": f"bench {number}", "startedMs": 1795000000000,
        "sharp9Version": "bench", "reducerVersion": "5", "events": 0,
    })
    connection.request("PUT", path, body, headers)
    answer = connection.getresponse()
    answer.read()
    mine = []
    start_gate.wait()
    if answer.status not in (200, 201):
        failures.append(f"PUT {answer.status}")
        return
    seq = 0
    while seq < per_uploader:
        count = min(batch, per_uploader - seq)
        events = [{
            "id": str(uuid.uuid4()), "seq": seq + 1 + i, "t": (seq + i) / 30,
            "action": {"type": "setA", "timeSec": (seq + i) / 1000},
        } for i in range(count)]
        payload = json.dumps({"after": seq, "events": events})
        sent = time.perf_counter()
        connection.request("POST", path + "/events", payload, headers)
        answer = connection.getresponse()
        text = answer.read()
        mine.append(time.perf_counter() - sent)
        if answer.status != 200:
            failures.append(f"POST {answer.status} {text[:120]!r}")
            return
        seq += count
    with lock:
        latencies.extend(mine)


threads = [threading.Thread(target=upload, args=(token, n)) for n, token in enumerate(tokens)]
for thread in threads:
    thread.start()
start_gate.wait()
began = time.perf_counter()
for thread in threads:
    thread.join()
seconds = time.perf_counter() - began
if failures:
    print(f"bench-sync: {len(failures)} uploads failed, first: {failures[0]}", file=sys.stderr)
    sys.exit(1)
latencies.sort()
p50 = latencies[len(latencies) // 2] * 1000
p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
print(f"{len(tokens) * per_uploader} {seconds:.3f} {p50:.2f} {p99:.2f}")
