#!/usr/bin/env bash
# Speed of `sharp9 serve` on a 1,000,000-event session (scripts/bench-store-gen.py), against the
# issue's targets and, in the same run, its peer: the replay engine alone on an open store
# (`state --time-random-points`, no HTTP, no JSON).
#   1. the state at 1000 seeded random events over HTTP (keep-alive), p50 / p99 ms  (target p99 ≤ 20)
#   2. the session page interactive: navigation to the slider answering, ms           (target ≤ 1000)
#   3. slider redraw: select() at random events in a loop (state fetched + drawn), fps (target ≥ 30)
# usage: [CONFIG=debug] [BIN=path/to/sharp9] scripts/bench-serve.sh [EVENTS]   (needs scripts/test-browser.sh's venv
# for 2 and 3; CONFIG=debug measures the debug build, when a release build is out of reach)
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-1000000}
config=${CONFIG:-release}
if [[ -n "${BIN:-}" ]]; then
  bin=$BIN  # a sharp9 built elsewhere (e.g. scripts/build-release.sh's flags in another scratch path)
elif [[ "$config" == release ]]; then
  bin=$(scripts/build-release.sh)
else
  swift build -c "$config" --product sharp9 >/dev/null
  bin="$(swift build -c "$config" --show-bin-path)/sharp9"
fi
source scripts/serve-helpers.sh

python3 scripts/bench-store-gen.py "$events" >"$work/session.jsonl"
id=$("$bin" import "$work/session.jsonl" --db "$work/db.sqlite" 2>/dev/null | tail -1)
engine=$("$bin" state "$id" --db "$work/db.sqlite" --time-random-points 1000 2>&1 >/dev/null)
start_serve "$bin" "$work/db.sqlite"

python=python3
[[ -x .build-venv/bin/python ]] && python=.build-venv/bin/python
ENGINE="$engine" BASE="${url%%/?token=*}" ID="$id" EVENTS="$events" "$python" - <<'PY'
import http.client, os, random, statistics, time
base, sid, events = os.environ["BASE"], os.environ["ID"], int(os.environ["EVENTS"])
engine = os.environ["ENGINE"].split()
engine_p50, engine_p99 = int(engine[2]) / 1000, int(engine[4]) / 1000
connection = http.client.HTTPConnection("127.0.0.1", int(base.rsplit(":", 1)[1]))
rng = random.Random(2026)
times = []
for _ in range(1000):
    at = rng.randint(0, events)
    start = time.perf_counter()
    connection.request("GET", f"/api/sessions/{sid}/state?at={at}")
    response = connection.getresponse(); response.read()
    times.append((time.perf_counter() - start) * 1000)
times.sort()
p50, p99 = times[500], times[990]
print(f"| state at a random event over HTTP, p50 / p99 ms | {p50:.2f} / {p99:.2f} | replay engine on an open store {engine_p50:.2f} / {engine_p99:.2f} | {p50 / engine_p50:.2f} / {p99 / engine_p99:.2f} | p99 ≤ 20 |")
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("(page and slider figures need the browser tests' venv: run scripts/test-browser.sh once)")
    raise SystemExit
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    loads = []
    for _ in range(5):
        start = time.perf_counter()
        page.goto(f"{base}/sessions/{sid}")
        page.wait_for_selector("body[data-ready='1']", timeout=60000)
        loads.append((time.perf_counter() - start) * 1000)
    load = statistics.median(loads)
    api = []
    for _ in range(5):
        start = time.perf_counter()
        for path in (f"/api/sessions/{sid}", f"/api/sessions/{sid}/index", f"/api/sessions/{sid}/times", f"/api/sessions/{sid}/state?at={events}"):
            connection.request("GET", path); connection.getresponse().read()
        api.append((time.perf_counter() - start) * 1000)
    print(f"| session page interactive, first open (nothing cached yet), ms | {loads[0]:.0f} | | | ≤ 1000 |")
    print(f"| session page interactive (median of 5), ms | {load:.0f} | its four API reads alone {statistics.median(api):.0f} | {load / statistics.median(api):.2f} | ≤ 1000 |")
    fps = page.evaluate("""async (events) => {
      const slider = document.getElementById('slider');
      let frames = 0; const start = performance.now();
      while (performance.now() - start < 3000) {
        slider.value = Math.floor(Math.random() * events);
        slider.dispatchEvent(new Event('input'));
        await new Promise((resolve) => { const wait = () => window.sharp9.drawnAt == slider.value ? requestAnimationFrame(resolve) : setTimeout(wait, 1); wait(); });
        frames++;
      }
      return frames / ((performance.now() - start) / 1000);
    }""", events)
    print(f"| slider dragged to random events (state fetched and drawn), frames/s | {fps:.0f} | | | ≥ 30 |")
    browser.close()
PY
